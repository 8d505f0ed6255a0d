/**
 * Finds Debian's Chromium for the e2e suite and Lighthouse (CHROME_PATH, /usr/bin/chromium, …).
 * When it is missing and we run as root, installs it with apt-get; otherwise fails with how to
 * install it — never a silent skip.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function found(): string | undefined {
  return [process.env.CHROME_PATH, ...CANDIDATES].find((c): c is string => !!c && fs.existsSync(c));
}

export function ensureChromium(): string {
  const existing = found();
  if (existing) return existing;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium with apt-get…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    const installed = found();
    if (installed) return installed;
  }
  throw new Error(
    "No Chromium found. Install Debian's: `sudo apt-get install -y chromium` (the test harness does this itself when run as root), or set CHROME_PATH.",
  );
}
