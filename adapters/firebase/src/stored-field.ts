/**
 * A record field's value as a Firestore document stores it: absent is null; a nested object's absent
 * field is left out, as JSON leaves it out on the other backends (an emergency contact without an
 * e-mail: the form's schema gives `email: undefined`, which the Firestore SDK refuses as
 * "Unsupported field value: undefined"); and a negative zero (someone typing "-0" in an amount) is
 * zero, in lists and nested objects too — Firestore keeps -0 as a floating-point number, which the
 * rules' integer checks of money and counts would refuse.
 */
export function storedField(value: unknown): unknown {
  return value === undefined ? null : storedValue(value);
}

function storedValue(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(storedValue);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [key, storedValue(inner)]),
    );
  return value;
}
