// The text patterns of the spec's fields, without zod (the public page checks with them too).
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{4,10}$/;
export const PINCODE_PATTERN = /^\d{6}$/;
export const ALPHA_PATTERN = /^[A-Za-z ]+$/;
export const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]+$/;
