/** Notification switches and display formats (user_settings). */
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import { TEXT } from "#core/constants.ts";
import { formatDateTime, formatMoney } from "#core/format.ts";
import {
  CURRENCIES,
  DATE_FORMATS,
  DEFAULT_SETTINGS_FORM,
  LANGUAGES,
  settingsFormSchema,
  TIME_FORMATS,
  type NotificationField,
  type SettingsForm,
} from "#core/schemas/settings.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useSession } from "#app/lib/session.tsx";
import { useUpdateUserSettings, useUserSettings } from "#app/lib/user-settings-queries.ts";
import { modulesFor } from "#app/modules.ts";

/** `module`: shown only to those who may open that back-office module. */
const SWITCHES: { group: string; fields: { name: NotificationField; label: string; module?: string }[] }[] = [
  {
    group: "Email",
    fields: [
      { name: "email_deals", label: "Deal updates" },
      { name: "email_clients", label: "Client activity" },
      { name: "email_marketing", label: "Marketing and newsletters" },
    ],
  },
  {
    group: "Push",
    fields: [
      { name: "push_deals", label: "Deal updates" },
      { name: "push_clients", label: "Client activity" },
      { name: "push_marketing", label: "Marketing" },
      { name: "push_team_messages", label: "Team chat messages", module: "team-chat" },
    ],
  },
  { group: "SMS", fields: [{ name: "sms_reminders", label: "Reminders (viewings, tasks)" }] },
];

const CURRENCY_LABEL: Record<(typeof CURRENCIES)[number], string> = {
  GHS: "Ghana cedi (GHS)",
  USD: "US dollar (USD)",
};

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const list = new Set(["Africa/Accra", "UTC", ...all]);
  list.add(current);
  return [...list];
}

export function PreferencesSection() {
  const query = useUserSettings();
  const update = useUpdateUserSettings();
  const form = useForm<SettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: DEFAULT_SETTINGS_FORM,
  });
  const reported = useRef(false);
  const { role } = useSession();
  const switches = useMemo(() => {
    const open = new Set(modulesFor(role).map((m) => m.id));
    return SWITCHES.map((g) => ({ ...g, fields: g.fields.filter((f) => !f.module || open.has(f.module)) }));
  }, [role]);

  useEffect(() => {
    if (query.data) {
      const { user_id: _ignored, ...values } = query.data;
      form.reset(values);
    }
  }, [query.data, form]);

  useEffect(() => {
    if (query.isError && !reported.current) {
      reported.current = true;
      console.error("settings: load failed", query.error);
      toast.error(TEXT.failedLoadSettings);
    }
    if (!query.isError) reported.current = false;
  }, [query.isError, query.error]);

  const watched = form.watch();
  const zones = useMemo(() => timeZones(watched.timezone), [watched.timezone]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(TEXT.settingsUpdated);
    } catch {
      // Shown by the query client's mutation cache ("Failed to update settings").
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications and formats</CardTitle>
        <CardDescription>How we reach you, and how money, dates and times are shown.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading settings" />
        ) : query.isError ? (
          <Alert variant="destructive">
            {TEXT.failedLoadSettings}.{" "}
            <Button variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Notifications and formats">
            {switches.map(({ group, fields }) => (
              <fieldset key={group} className="flex flex-col gap-3">
                <legend className="mb-2 text-sm font-semibold">{group} notifications</legend>
                {fields.map(({ name, label }) => (
                  <div key={name} className="flex items-center justify-between gap-4">
                    <Label htmlFor={`setting-${name}`} className="font-normal">
                      {label}
                    </Label>
                    <Controller
                      control={form.control}
                      name={name}
                      render={({ field }) => (
                        <Switch
                          id={`setting-${name}`}
                          checked={field.value}
                          onCheckedChange={field.onChange}
                          onBlur={field.onBlur}
                        />
                      )}
                    />
                  </div>
                ))}
              </fieldset>
            ))}

            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold">Formats</legend>
              <div className="flex flex-col gap-2">
                <Label htmlFor="setting-currency">Currency</Label>
                <NativeSelect id="setting-currency" {...form.register("currency")}>
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {CURRENCY_LABEL[c]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="setting-date-format">Date format</Label>
                <NativeSelect id="setting-date-format" {...form.register("date_format")}>
                  {DATE_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="setting-time-format">Time format</Label>
                <NativeSelect id="setting-time-format" {...form.register("time_format")}>
                  {TIME_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {f === "24h" ? "24-hour (14:30)" : "12-hour (2:30 PM)"}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="setting-language">Language</Label>
                <NativeSelect id="setting-language" {...form.register("language")}>
                  {LANGUAGES.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-2 sm:col-span-2">
                <Label htmlFor="setting-timezone">Time zone</Label>
                <NativeSelect id="setting-timezone" {...form.register("timezone")}>
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {z}
                    </option>
                  ))}
                </NativeSelect>
                {form.formState.errors.timezone && (
                  <p className="text-sm text-destructive">{form.formState.errors.timezone.message}</p>
                )}
              </div>
            </fieldset>

            <p className="text-sm text-muted-foreground" data-testid="format-preview">
              Preview: {formatMoney(1250, watched.currency)} · {formatDateTime(new Date(), watched)}
            </p>

            <Button type="submit" className="self-start" disabled={update.isPending}>
              {update.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              Save settings
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
