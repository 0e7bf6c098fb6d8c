/**
 * How many secrets this process has checked: argon2id verifications (passwords, backup codes and the
 * dummy hash of unknown usernames) and TOTP codes. Each is the expensive or guessable step an attacker
 * wants to repeat, so the counts show directly how many guesses were evaluated (the sign-in tests
 * assert on them instead of on wall-clock time).
 */
export const verificationCounts = { passwords: 0, totpCodes: 0 };
