/**
 * What must never reach Cloudflare in a generated worker config (dist/<worker>/wrangler.json):
 * a secret as a plain var, local-only vars, local hosts or URLs, or the placeholders the
 * committed `[env.production]` sections carry until someone fills them in. `npm run deploy`
 * refuses a build with any of these (scripts/deploy.ts).
 */

const LOCAL = /(^|[/.@])(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\])([:/]|$)|\.localhost\b/i;
const PLACEHOLDER = /\.example\b|\.invalid\b|YOUR[-_]|REPLACE|CHANGE[-_]?ME/i;
/** Vars only the local stack sets. */
const LOCAL_ONLY_VARS = ["SITE_PORT"];

export function deployProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const vars = (config.vars ?? {}) as Record<string, unknown>;
  for (const [name, raw] of Object.entries(vars)) {
    const value = String(raw);
    if (/SECRET/i.test(name) || /^sb_secret_/.test(value))
      problems.push(`${name} is a secret: set it with \`wrangler secret put ${name}\`, never as a var`);
    else if (LOCAL_ONLY_VARS.includes(name)) problems.push(`${name} is a local-stack var`);
    else if (LOCAL.test(value)) problems.push(`${name} names a local address (${value})`);
    else if (PLACEHOLDER.test(value))
      problems.push(
        `${name} is still a placeholder (${value}): fill in [env.production] of the wrangler config`,
      );
  }
  if (vars.SUPABASE_URL !== undefined && !/^https:\/\//.test(String(vars.SUPABASE_URL)))
    problems.push(`SUPABASE_URL must be https (${String(vars.SUPABASE_URL)})`);
  if (vars.SITE_PROTOCOL !== undefined && vars.SITE_PROTOCOL !== "https")
    problems.push(`SITE_PROTOCOL must be https (${String(vars.SITE_PROTOCOL)})`);
  return problems;
}
