/**
 * OWASP "device cookies": after a successful sign-in the browser gets a cookie that proves it has
 * signed in as that account before (a random id and an HMAC binding it to the e-mail). A sign-in that
 * shows a valid one for the e-mail it tries is throttled by that device only (login-throttle.ts), so
 * a stranger's failures from elsewhere never lock out a browser the user already uses.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "care_device";

/** How long a browser stays known: half a year; every sign-in renews it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

function mac(secret: string, device: string, email: string): Buffer {
  return createHmac("sha256", secret).update(`care-device-cookie\n${device}\n${email.toLowerCase()}`).digest();
}

/** A new device cookie value for `email`: `<device id>.<mac>`. */
export function issueDeviceToken(secret: string, email: string): string {
  const device = randomBytes(16).toString("base64url");
  return `${device}.${mac(secret, device, email).toString("base64url")}`;
}

/** The device id when `token` is a valid device cookie for `email`, else null. */
export function trustedDevice(secret: string, token: string | undefined, email: string): string | null {
  if (!token || token.length > 200) return null;
  const [device, given, ...rest] = token.split(".");
  if (!device || !given || rest.length > 0) return null;
  const expected = mac(secret, device, email);
  const actual = Buffer.from(given, "base64url");
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? device : null;
}
