// A small ESLint plugin for the architecture's import boundaries (architecture.md "Layout",
// app/features/README.md): worker, app, party and emulator share only core/; core imports
// nothing outside itself; inside the SPA a feature folder never imports another feature folder
// (the shell included) and the generic kit (components/, lib/) never imports a feature.
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Which top-level folders each part may import from (scripts and tests may use anything). */
const ALLOWED = {
  core: ["core"],
  app: ["app", "core"],
  worker: ["worker", "core"],
  party: ["party", "core"],
  emulator: ["emulator", "core"],
};

function resolveTarget(spec, file) {
  if (spec.startsWith("#")) return spec.slice(1);
  if (spec.startsWith("."))
    return path
      .relative(ROOT, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join("/");
  return null; // a package
}

function featureOf(rel) {
  const m = /^app\/features\/([^/]+)\//.exec(rel);
  return m ? m[1] : null;
}

function check(context, node, spec) {
  if (typeof spec !== "string") return;
  const file = context.filename;
  const from = path.relative(ROOT, file).split(path.sep).join("/");
  const to = resolveTarget(spec, file);
  if (to === null) return;
  const fromTop = from.split("/")[0];
  const toTop = to.split("/")[0];
  // Tests exercise parts together (e.g. the SPA's hub client against the hub): only the SPA's
  // feature rules below apply to them.
  const isTest = /\.test\.tsx?$/.test(from);
  const allowed = isTest ? undefined : ALLOWED[fromTop];
  // The edge worker's entry may re-export the hub's Durable Object class to bind it locally.
  const hubReexport = from === "worker/index.ts" && toTop === "party";
  if (allowed && !allowed.includes(toTop) && !hubReexport) {
    context.report({
      node,
      message: `${fromTop}/ may import only from ${allowed.join(", ")}/ (found ${spec})`,
    });
    return;
  }
  if (fromTop !== "app") return;
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    const why =
      fromFeature === "shell"
        ? "the shell reads the module registry (app/modules.ts), never a module"
        : "a feature never imports another feature or the shell: move shared pieces to app/components or app/lib";
    context.report({ node, message: `${why} (found ${spec})` });
    return;
  }
  if (/^app\/(components|lib|domains)\//.test(from) && toFeature) {
    context.report({
      node,
      message: `app/components, app/lib and app/domains are shared: they never import a feature (found ${spec})`,
    });
  }
}

export const boundaries = {
  rules: {
    imports: {
      meta: { type: "problem", docs: { description: "architecture import boundaries" }, schema: [] },
      create(context) {
        return {
          ImportDeclaration: (node) => check(context, node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(context, node, node.source.value),
          ExportAllDeclaration: (node) => check(context, node, node.source.value),
          ImportExpression: (node) =>
            node.source.type === "Literal" && check(context, node, node.source.value),
        };
      },
    },
  },
};
