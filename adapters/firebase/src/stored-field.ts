/**
 * A record field's value as a Firestore document stores it: absent is null, and a negative zero
 * (someone typing "-0" in an amount) is zero, in lists and nested objects too — Firestore keeps -0 as
 * a floating-point number, which the rules' integer checks of money and counts would refuse.
 */
export function storedField(value: unknown): unknown {
  return value === undefined ? null : withoutNegativeZero(value);
}

function withoutNegativeZero(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutNegativeZero(inner)]));
  return value;
}
