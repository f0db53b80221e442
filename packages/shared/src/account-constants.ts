/**
 * Account constants and messages without zod (SPEC §4 Session, §5 Signup / Reset password / OTP, §8 account
 * messages, §9 timers), so the shell (top bar, session timer) imports them without the schemas (decision 0005).
 */

/** SPEC §9: a session ends after 30 minutes without a click or key press, and a stored one older is dropped. */
export const SESSION_IDLE_TIMEOUT_MS = 1_800_000;
/** SPEC §9: the reset flow keeps the email (and OTP) in session storage for 5 minutes. */
export const RESET_STORAGE_TTL_MS = 300_000;
/** DESIGN §5.5: an OTP is 6 digits, valid 5 minutes, at most 5 wrong tries. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 300_000;
export const OTP_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
/** SPEC §9 defaults for a new customer. */
export const CUSTOMER_ROLE_ID = 5;
export const CREATED_BY_SELF = 0;

/** SPEC §3: the business detail options kept as user meta. */
export const BUSINESS_META_KEYS = [
  '_b_name',
  '_b_email',
  '_b_number',
  '_b_street_address',
  '_b_area_address',
] as const;
export type BusinessMetaKey = (typeof BUSINESS_META_KEYS)[number];

/** Session storage keys (SPEC §3 User session, Password reset). */
export const SESSION_STORAGE_KEYS = {
  session: 'userSession',
  resetEmail: 'resetEmail',
  resetOtp: 'resetOtp',
} as const;

/**
 * The address types the address form offers (decision 0059; the SPEC names the field, not its values). The
 * server still accepts any word of letters (up to 30), so addresses saved with another type keep it.
 */
export const ADDRESS_TYPES = ['Home', 'Work', 'Other'] as const;

/** How long a deleted address can be brought back with Undo (decision 0059). */
export const ADDRESS_UNDO_MS = 8000;

export const ACCOUNT_MESSAGES = {
  // SPEC §5
  nameCharacters: 'Name must contain only letters, numbers, and spaces',
  invalidEmail: 'Invalid email format',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordSpecial: 'Password must contain at least one special character',
  phoneDigits: 'Phone number must contain only numbers',
  termsRequired: 'You must agree to the terms and conditions',
  passwordsDoNotMatch: 'Passwords do not match!',
  resetExpired: 'Email or OTP is invalid or expired',
  // SPEC §8
  loginFailed: 'Login failed. Please check your credentials.',
  loggedIn: 'Successfully logged in!',
  invalidLoginResponse: 'Invalid login response',
  invalidRegistrationResponse: 'Invalid registration response',
  registrationFailed: (reason: string) => `Registration Failed: ${reason}`,
  registered: 'Registration successful!',
  otpSent: 'OTP sent to email',
  genericError: 'An error occurred. Please try again.',
  networkError: 'Network error. Please check your connection.',
  otpConfirmed: 'OTP Confirmed',
  passwordUpdated: 'Password updated successfully!',
  addressAdded: 'Address Added Successfully!',
  addressAddFailed: 'Failed to add address.',
  addressNoResponse: 'No response from the server. Please check your internet connection.',
  addressFetchFailed: 'Failed to fetch address details.',
  addressUpdated: 'Address updated successfully!',
  addressUpdateFailed: 'Failed to update address. Please try again.',
  noOrders: 'No orders found',
  // Ours: the SPEC names no message for these.
  emailTaken:
    'An account with this email already exists. Sign in, or reset your password if you have forgotten it.',
  wrongCredentials: 'The email or password is incorrect.',
  profileUpdated: 'Profile updated successfully!',
  oldPasswordRequired: 'Enter your current password to set a new one',
  oldPasswordWrong: 'Your current password is incorrect.',
  addressDeleted: 'Address deleted.',
  addressRestored: 'Address restored.',
  addressDeleteConfirm: 'Delete this address?',
  addressNotFound: 'Address not found',
  addressTypeRequired: 'Address type is required',
  addressTypeShape: 'Address type must be up to 30 letters, such as Home or Work',
  otpRequired: 'OTP is required',
  otpShape: 'OTP must be the 6 digits from the email',
  otpSentIfRegistered: 'OTP sent to email',
  signedOut: 'Signed out.',
  sessionRequired: 'Please sign in to continue.',
  planUnknown: 'That membership plan is not available. Please choose another.',
  /** Issue 34 §4: a membership plan is offered only to the members who hold it (decision 0012). */
  planNotHeld:
    'That membership plan is not on your account, so its discount cannot be applied. Place the order without it, or ask us to add the plan to your account.',
} as const;
