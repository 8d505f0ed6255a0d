/**
 * Business constants, defaults and user-facing texts of the product (docs/product.md#constants).
 * Every part imports these; tests assert against them too.
 */

export const TWO_FACTOR_CODE_LENGTH = 6;

export const DEFAULT_CHANNEL = "general";
export const CHAT_PREVIEW_LENGTH = 50;
export const CHAT_PREVIEW_ELLIPSIS = "...";
export const CHAT_TOAST_DURATION_MS = 6000;
export const TEAM_CHAT_PATH = "/admin/team";

export const SOCKET_MAX_RECONNECT_ATTEMPTS = 5;
export const SOCKET_RECONNECT_BASE_DELAY_MS = 1000;
export const SOCKET_STATUS_POLL_MS = 1000;
export const HUB_MAX_FRAME_BYTES = 16 * 1024;
export const HUB_AUTH_TIMEOUT_MS = 5000;
export const HUB_RATE_LIMIT = { frames: 20, windowMs: 10_000 } as const;
/** Record updates and notification pokes per socket and per module (or "notification"). */
export const HUB_RELAY_RATE_LIMIT = { frames: 10, windowMs: 10_000 } as const;
/**
 * How long the hub trusts its last check of a socket's session and role. Older
 * than this, a socket is re-checked (GoTrue /user, profiles.role) before it may write, relay or
 * receive a gated frame; a socket whose session ended or role was lost is closed.
 */
export const HUB_RIGHTS_TTL_MS = 5_000;
/**
 * Frames a tab received this recently are replayed to a listener that subscribes late (a
 * module's live wiring whose code was still loading when a colleague's change arrived).
 */
export const HUB_REPLAY_WINDOW_MS = 30_000;
/** At most this many recent frames are kept for replay. */
export const HUB_REPLAY_MAX_FRAMES = 200;
/** Every signed-in socket is re-checked at least this often, even when quiet (the hub's alarm). */
export const HUB_RIGHTS_RECHECK_INTERVAL_MS = 60_000;

export const TOKEN_REFRESH_RETRY_BASE_MS = 200;
export const STALE_URL_SESSION_WARNING_SECONDS = 120;

export const DEFAULT_CURRENCY = "GHS";
export const DEFAULT_TIMEZONE = "Africa/Accra";
export const DEFAULT_TIME_FORMAT = "24h";
export const DEFAULT_DATE_FORMAT = "dd/mm/yyyy";
export const DEFAULT_LANGUAGE = "en";

/** user_settings defaults. */
export const DEFAULT_USER_SETTINGS = {
  email_deals: true,
  email_clients: true,
  email_marketing: false,
  push_deals: true,
  push_clients: true,
  push_marketing: false,
  push_team_messages: true,
  sms_reminders: true,
  currency: DEFAULT_CURRENCY,
  date_format: DEFAULT_DATE_FORMAT,
  time_format: DEFAULT_TIME_FORMAT,
  language: DEFAULT_LANGUAGE,
  timezone: DEFAULT_TIMEZONE,
} as const;

/** PostgREST's code for "no rows" on a single-object request. */
export const PGRST_NO_ROWS = "PGRST116";

/** Texts the product pins exactly (docs/product.md). */
export const TEXT = {
  signInTitle: "Back Office",
  signInHeading: "Welcome Back",
  signInSubheading: "Sign in to your account",
  signInButton: "Sign In",
  twoFactorHeading: "Two-Factor Authentication",
  twoFactorSubheading: "Enter the 6-digit code from your authenticator app",
  verifyCode: "Verify Code",
  cancel: "Cancel",
  welcomeBack: "Welcome back!",
  authenticated: "You have been successfully authenticated.",
  shortCode: "Please enter a 6-digit code",
  noTotpFactor: "No TOTP factor found",
  unexpectedError: "An unexpected error occurred",
  credentialsRequired: "You must provide either an email or phone number and a password",
  notFoundTitle: "Page Not Found",
  preparingLink: "Preparing your link...",
  failedLoadMessages: "Failed to load messages",
  failedSendMessage: "Failed to send message",
  failedEditMessage: "Failed to edit message",
  failedDeleteMessage: "Failed to delete message",
  messageSent: "Message sent",
  messageUpdated: "Message updated",
  messageDeleted: "Message deleted",
  viewChat: "View Chat",
  failedLoadSettings: "Failed to load settings",
  failedUpdateSettings: "Failed to update settings",
  settingsUpdated: "Settings updated successfully",
} as const;

/** Company facts shown on the public site and in structured data. */
export const COMPANY = {
  name: "Ghana Realty",
  legalName: "Ghana Realty Ltd",
  email: "hello@ghanarealty.example",
  phone: "+233 30 200 1234",
  phoneE164: "+233302001234",
  whatsappE164: "233244001234",
  address: "12 Senchi Street, Airport Residential Area, Accra",
  ghanaPostGps: "GA-123-4567",
  officeHours: "Mon–Fri 08:00–17:00, Sat 09:00–13:00 (GMT)",
  foundedYear: 2012,
} as const;
