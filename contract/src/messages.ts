/**
 * User-facing text that both the server and the web client show.
 * Strings are those of docs/product.md#validation-rules and docs/product.md#error-catalogue (and of docs/decisions/0012-access-control.md and docs/decisions/0013-errors-and-validation.md), word for word.
 */
export const messages = {
  signIn: {
    fillAllFields: 'Please fill in all fields',
    invalidCredentials: 'Invalid credentials',
    somethingWentWrong: 'Something went wrong. Please try again.',
    success: 'Successfully logged in!',
    noAdminAccess: 'This account has no access to the admin panel',
    forgotPassword: 'Please ask an administrator to reset your password.',
    tooManyAttempts: (minutes: number) =>
      `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  },
  access: {
    notSignedIn: 'Not signed in',
    adminsOnly: 'Administrators only',
    badOrigin: 'Request origin not allowed',
  },
  server: {
    internal: 'Something went wrong',
    invalidInput: 'Invalid input',
    notFound: 'Not found',
    /** A known /api path asked with a method it does not take (405, with `Allow`). */
    methodNotAllowed: 'Method not allowed',
    unavailable: 'Service temporarily unavailable',
    storageFailed: 'The file could not be saved on the server. Please try again later.',
    /** Any uploaded image larger than IMAGE_MAX_SIDE or IMAGE_MAX_PIXELS (a decompression bomb). */
    imageDimensions: 'Image dimensions are too large',
    tooLarge: 'Request body is too large',
    tooManyRequests: 'Too many requests. Please slow down.',
    unknownHost: 'Unknown host',
    badUrl: 'Invalid URL',
    urlTooLong: 'URL is too long',
  },
  input: {
    controlChars: 'Control characters are not allowed',
    invalidId: 'Invalid id',
    dateFormat: 'Enter a date as YYYY-MM-DD',
    emailTooLong: 'Email is too long',
    passwordTooLong: 'Password is too long',
    // What any field gets when its schema names no sentence of its own (see fieldErrorMessage in field-errors.ts).
    required: 'This field is required',
    wrongType: 'This field has the wrong kind of value',
    notAnOption: 'Choose one of the listed options',
    textTooShort: 'This field is too short',
    textTooLong: 'This field is too long',
    numberTooSmall: 'This number is too small',
    numberTooLarge: 'This number is too large',
    tooFewItems: 'This list has too few items',
    tooManyItems: 'This list has too many items',
    badFormat: 'This value is not in the expected format',
    invalid: 'This value is not valid',
    unknownField: (name: string) => `Unknown field: ${name}`,
  },
  password: {
    tooShort: 'Password must be at least 8 characters',
  },
} as const;
