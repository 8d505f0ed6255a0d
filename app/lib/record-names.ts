// The record kit (app/components/records/, rebuilt in parallel) still imports the names by this
// path; new code imports record-names-api.ts. Delete once the kit does too.
export { recordNames } from "./record-names-api.ts";
