/**
 * Request schemas of the edge worker's appointment API (core/inbox/appointment-api.ts describes
 * the endpoints): availability queries and the visitor's manage-link actions.
 */
import { z } from "zod";
import { AVAILABILITY_DAYS } from "../form-fields.ts";
import { SERVICE_SLUGS } from "../services.ts";
import { dateSchema } from "./forms.ts";

export const availabilityQuerySchema = z.object({
  kind: z.enum(["consultation", "viewing"], { error: "kind is consultation or viewing" }),
  service: z.enum(SERVICE_SLUGS, { error: "Not a service" }).optional(),
  property: z.uuid({ error: "property is a listing id" }).optional(),
  from: dateSchema.optional(),
  days: z.coerce.number().int().min(1).max(31).default(AVAILABILITY_DAYS),
});
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

const token = z
  .string({ error: "The link's token is missing" })
  .min(20, "The link is not complete")
  .max(600, "The link is not complete");

export const appointmentTokenBodySchema = z.object({ token });
export const rescheduleBodySchema = z.object({
  token,
  starts_at: z.iso.datetime({ offset: true, error: "Choose a new time" }),
});
