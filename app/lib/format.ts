/**
 * The one formatting module of the SPA: money, dates and times honouring the signed-in user's
 * settings (currency, date format, 12/24h, time zone), the spec's defaults otherwise.
 */
import { useMemo } from "react";
import {
  DEFAULT_FORMAT_SETTINGS,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  type FormatSettings,
} from "#core/format.ts";
import { useUserSettings } from "./user-settings-queries.ts";

export { DEFAULT_FORMAT_SETTINGS, formatDate, formatDateTime, formatMoney, formatTime, type FormatSettings };

type DateInput = Date | string | number;

export interface Formatters {
  settings: FormatSettings;
  money: (amount: number, currency?: string | null) => string;
  date: (value: DateInput) => string;
  time: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
}

export function formattersFor(settings: FormatSettings): Formatters {
  return {
    settings,
    money: (amount, currency) => formatMoney(amount, currency, settings),
    date: (value) => formatDate(value, settings),
    time: (value) => formatTime(value, settings),
    dateTime: (value) => formatDateTime(value, settings),
  };
}

/** Formatters for the current user (defaults while signed out or loading). */
export function useFormatters(): Formatters {
  const { data } = useUserSettings();
  return useMemo(
    () =>
      formattersFor(
        data
          ? {
              currency: data.currency,
              date_format: data.date_format,
              time_format: data.time_format,
              timezone: data.timezone,
            }
          : DEFAULT_FORMAT_SETTINGS,
      ),
    [data],
  );
}
