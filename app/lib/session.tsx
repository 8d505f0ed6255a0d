/**
 * Session state for the whole SPA: the supabase-js session, the user's profile and
 * role, and the authenticator assurance level. `onAuthStateChange` callbacks stay synchronous —
 * awaiting supabase calls inside them deadlocks supabase-js — so follow-up work (profile, AAL)
 * is scheduled outside the callback.
 */
import type { AuthChangeEvent, Session, User } from "@supabase/supabase-js";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { Profile } from "#core/schemas/profile.ts";
import { AUTH_STORAGE_KEY, hasStoredSession, siteConfig } from "./site-config.ts";
import { urlSessionAtLoad, type UrlSessionInfo } from "./url-session.ts";

/**
 * supabase-js (~50 KB gzip) is not part of the entry chunk, and an anonymous visitor of the public
 * site never downloads it: it loads when a session is stored or arrives in the URL, when a
 * screen that needs the session mounts (useSession), or when another tab signs in. Screens that
 * call it themselves (the sign-in screen) get the same single client.
 */
export const getSupabase = () => import("./supabase.ts").then((m) => m.supabase);

export type AalLevel = "aal1" | "aal2";

export interface AalState {
  currentLevel: AalLevel | null;
  nextLevel: AalLevel | null;
}

export interface SessionState {
  session: Session | null;
  user: User | null;
  /** profiles.role; null when signed out, without a role, or when the lookup failed. */
  role: string | null;
  profile: Profile | null;
  /** True until the initial session and, when signed in, the profile and AAL are known. */
  loading: boolean;
  aal: AalState;
  /**
   * The organisation's two-factor policy covers the user, who has no verified factor yet: they
   * enrol (Settings) before anything else; the database refuses their back-office work until then.
   */
  enrolmentPending: boolean;
  /** The last auth event seen (PASSWORD_RECOVERY opens the set-a-new-password page). */
  lastEvent: AuthChangeEvent | null;
  /** The session that came from the URL at load (recovery link), with its staleness. */
  urlSession: UrlSessionInfo | null;
  /** Re-reads profile and AAL (after a profile edit, factor enrolment or removal). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Loads the auth client if it is not loaded yet (useSession calls it). */
  attachClient: () => void;
}

const NO_AAL: AalState = { currentLevel: null, nextLevel: null };

const SessionContext = createContext<SessionState | null>(null);

/** Does the user need to pass a TOTP challenge before seeing back-office data? */
export function needsSecondFactor(aal: AalState): boolean {
  return aal.nextLevel === "aal2" && aal.currentLevel !== "aal2";
}

const PROFILE_KEY = "profile";

async function loadProfile(userId: string): Promise<Profile | null> {
  // The parser loads with supabase-js, after start-up, not in the entry chunk.
  const [supabase, { PROFILE_COLUMNS, parseProfile }] = await Promise.all([
    getSupabase(),
    import("#core/schemas/profile.ts"),
  ]);
  const { data, error } = await supabase
    .from("profiles")
    .select(PROFILE_COLUMNS)
    .eq("user_id", userId)
    .maybeSingle();
  // The back-office and the partner portal open without a network: the profile last read on
  // this device stands in (app/lib/offline/, cleared on sign-out).
  const offline = siteConfig.hostKind !== "main";
  const store = offline ? await import("./offline/offline-store.ts") : null;
  let row: unknown = data;
  if (error) {
    row = store?.isNetworkError(error) ? await store.readOffline(userId, PROFILE_KEY) : undefined;
    if (!row) {
      console.error("session: profile lookup failed", error);
      return null;
    }
  } else if (data) void store?.writeOffline(userId, PROFILE_KEY, data);
  if (!row) return null;
  const parsed = parseProfile(row);
  if ("issues" in parsed) {
    console.error("session: unexpected profile row", parsed.issues);
    return null;
  }
  return parsed.profile;
}

async function loadAal(): Promise<AalState> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || !data) return NO_AAL;
  return { currentLevel: data.currentLevel as AalLevel | null, nextLevel: data.nextLevel as AalLevel | null };
}

/** Whether the two-factor policy still waits for this user's enrolment (never for one with a factor). */
async function loadEnrolmentPending(aal: AalState): Promise<boolean> {
  if (aal.nextLevel === "aal2") return false;
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("two_factor_enrolment_pending");
  if (error) {
    console.error("session: two-factor policy lookup failed", error);
    return false;
  }
  return data === true;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [aal, setAal] = useState<AalState>(NO_AAL);
  const [enrolmentPending, setEnrolmentPending] = useState(false);
  const [initialised, setInitialised] = useState(false);
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  const [lastEvent, setLastEvent] = useState<AuthChangeEvent | null>(null);
  const generation = useRef(0);
  const [clientWanted, setClientWanted] = useState(() => urlSessionAtLoad !== null || hasStoredSession());
  const attachClient = useCallback(() => setClientWanted(true), []);

  // Another tab signing in stores a session: attach then, so this tab follows it.
  useEffect(() => {
    if (clientWanted) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key === AUTH_STORAGE_KEY && e.newValue) setClientWanted(true);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [clientWanted]);

  /** Loads profile and AAL for the given session; ignores results that arrive too late. */
  const loadDetails = useCallback(async (s: Session | null) => {
    const gen = ++generation.current;
    if (!s) {
      setProfile(null);
      setAal(NO_AAL);
      setEnrolmentPending(false);
      setDetailsFor(null);
      return;
    }
    const [p, a] = await Promise.all([loadProfile(s.user.id), loadAal()]);
    const pending = await loadEnrolmentPending(a);
    if (gen !== generation.current) return;
    setProfile(p);
    setAal(a);
    setEnrolmentPending(pending);
    setDetailsFor(s.access_token);
  }, []);

  useEffect(() => {
    if (!clientWanted) return;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void getSupabase().then((supabase) => {
      if (cancelled) return;
      const { data } = supabase.auth.onAuthStateChange((event, next) => {
        // Synchronous on purpose: state updates only, async work deferred to a macrotask.
        setLastEvent(event);
        setSession(next);
        if (event === "INITIAL_SESSION") setInitialised(true);
        if (event === "SIGNED_OUT") {
          // Nothing of this user stays on the device for the next one.
          void import("./offline/offline-store.ts").then((m) => m.clearOfflineData());
          generation.current++;
          setProfile(null);
          setAal(NO_AAL);
          setEnrolmentPending(false);
          setDetailsFor(null);
          return;
        }
        if (event === "TOKEN_REFRESHED" && next) {
          // Same user and claims; keep profile, just mark the new token as covered.
          setDetailsFor((prev) => (prev === null ? prev : next.access_token));
          return;
        }
        setTimeout(() => void loadDetails(next), 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
      // A broken stored session (unreadable, refresh token revoked): sign out and clear state.
      void supabase.auth.getSession().then(({ error }) => {
        // Without a network the session cannot be refreshed yet: kept, to retry when back online.
        if (error && error.name !== "AuthRetryableFetchError") {
          console.error("session: could not restore the session, signing out", error);
          void supabase.auth.signOut({ scope: "local" });
        }
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [clientWanted, loadDetails]);

  const refresh = useCallback(async () => {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    await loadDetails(data.session);
  }, [loadDetails]);

  const signOut = useCallback(async () => {
    // Local scope: signing out here must not end the user's sessions on other devices.
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut({ scope: "local" });
    if (error) console.error("session: sign-out failed", error);
  }, []);

  const loading = !initialised || (session !== null && detailsFor === null);

  const value = useMemo<SessionState>(
    () => ({
      session,
      user: session?.user ?? null,
      role: profile?.role ?? null,
      profile,
      loading,
      aal,
      enrolmentPending,
      lastEvent,
      urlSession: urlSessionAtLoad,
      refresh,
      signOut,
      attachClient,
    }),
    [session, profile, loading, aal, enrolmentPending, lastEvent, refresh, signOut, attachClient],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session, for screens that need it: attaches the auth client if it is not loaded yet
 * (`loading` stays true until its initial session is known).
 */
export function useSession(): SessionState {
  const ctx = useSessionState();
  const { attachClient } = ctx;
  useEffect(attachClient, [attachClient]);
  return ctx;
}

/** The session as known so far, without loading the auth client (for always-mounted providers). */
export function useSessionState(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession must be used inside <SessionProvider>");
  return ctx;
}
