/** axe-core on the property search, a listing and the blog (tests/e2e/public/a11y.ts). */
import { describeAxe } from "./a11y.ts";

describeAxe("listings");
