/** axe-core on the service and company pages (tests/e2e/public/a11y.ts). */
import { describeAxe } from "./a11y.ts";

describeAxe("pages");
