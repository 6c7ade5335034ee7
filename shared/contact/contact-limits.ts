// The contact form's fields, limits and English messages: plain data, so the
// browser's first bundle can use them without the schema library (the
// schema itself, contact-schema.ts, loads when the visitor starts typing).

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Lengths in characters (Unicode code points, so an emoji counts as one). */
export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  subject: { min: 5, max: 200 },
  message: { min: 10, max: 5000 },
} as const;

export type ContactErrorMessages = {
  nameMin: string;
  nameMax: string;
  emailInvalid: string;
  emailMax: string;
  subjectMin: string;
  subjectMax: string;
  messageMin: string;
  messageMax: string;
  /** Name, e-mail and subject go into mail headers: no line breaks. */
  singleLine: string;
  /** Control characters other than line breaks and tabs. */
  controlCharacters: string;
  notText: string;
};

export const CONTACT_ERRORS_EN: ContactErrorMessages = {
  nameMin: "Name must be at least 2 characters",
  nameMax: "Name must be at most 100 characters",
  emailInvalid: "Please enter a valid email address",
  emailMax: "Email address must be at most 254 characters",
  subjectMin: "Subject must be at least 5 characters",
  subjectMax: "Subject must be at most 200 characters",
  messageMin: "Message must be at least 10 characters",
  messageMax: "Message must be at most 5000 characters",
  singleLine: "Line breaks are not allowed here",
  controlCharacters: "Contains characters that are not allowed",
  notText: "Must be text",
};

/** What the server says about a form token it refuses (field "token"). */
export const TOKEN_ERRORS_EN = {
  forged: {
    error: "Invalid form token",
    field: "The form could not be verified. Please reload the page and try again.",
  },
  expired: { error: "Form expired", field: "This form had expired. Please send it again." },
  "too-early": { error: "Please slow down", field: "Please take a moment to review your message before sending." },
} as const;

export const TOO_MANY_SUBMISSIONS = "Too many submissions";
