// The record kit (app/components/records/, rebuilt in parallel) still imports the team hooks by
// this path; everything else imports team-members-queries.ts. Delete once the kit does too.
export { useMemberName, useTeamMembers } from "./team-members-queries.ts";
