/** axe-core on the contact page, a public invoice and the form hosts (tests/e2e/public/a11y.ts). */
import { describeAxe } from "./a11y.ts";

describeAxe("forms");
