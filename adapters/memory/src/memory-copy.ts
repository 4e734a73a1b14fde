/** Records cross the memory adapter as copies, like JSON over a wire: no aliasing, no undefined keys. */
export function copyRecord<T>(value: T): T {
  return dropUndefined(structuredClone(value));
}

function dropUndefined<T>(value: T): T {
  if (Array.isArray(value)) {
    value.forEach((item) => dropUndefined(item));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) delete (value as Record<string, unknown>)[key];
      else dropUndefined(item);
    }
  }
  return value;
}
