import type { RepeaterField, SelectOption } from '../fields.js';
import type { Errors } from '../problems.js';
import { blocks, intro } from './blocks.js';
import { sitePage } from './page.js';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const dayOptions: SelectOption[] = DAYS.map((d) => ({ value: d, label: `options.sitePage.day.${d}` }));

/** Rows such as Mon–Fri 08:00–12:30 and Mon–Fri 14:00–18:30: a split day is two rows. */
const openingHours: RepeaterField = {
  type: 'repeater',
  label: 'fields.sitePage.opening_hours',
  help: 'help.sitePage.opening_hours',
  max: 28,
  rowLabel: 'from_day',
  fields: {
    from_day: { type: 'select', label: 'fields.sitePage.from_day', required: true, options: dayOptions },
    to_day: { type: 'select', label: 'fields.sitePage.to_day', options: dayOptions },
    opens: { type: 'time', label: 'fields.sitePage.opens', required: true },
    closes: { type: 'time', label: 'fields.sitePage.closes', required: true },
  },
};

/** "Contatti": address and map, phone and e-mail, opening hours. */
export const sitePageContacts = sitePage('contacts', {
  fields: {
    intro,
    address: { type: 'textarea', label: 'fields.sitePage.address', maxLength: 500 },
    location: { type: 'map', label: 'fields.sitePage.location' },
    phone: {
      type: 'text',
      label: 'fields.sitePage.phone',
      maxLength: 40,
      pattern: '\\+?[0-9 ()./-]{5,40}',
      patternCode: 'phone',
    },
    email: { type: 'email', label: 'fields.sitePage.email' },
    opening_hours: openingHours,
    blocks,
  },
  general: [{ fields: ['intro'] }, { label: 'groups.sitePage.reach', fields: ['phone', 'email', 'address', 'location'], columns: 2 }],
  tabs: [
    { label: 'tabs.sitePage.hours', groups: [{ fields: ['opening_hours'] }] },
    { label: 'tabs.content', groups: [{ fields: ['blocks'] }] },
  ],
  checks: ({ values }) => {
    const errors: Errors = {};
    const rows = (values.opening_hours as Array<{ from_day: string; to_day: string | null; opens: string; closes: string }>) ?? [];
    rows.forEach((row, i) => {
      if (row.opens && row.closes && row.closes <= row.opens) errors[`opening_hours.${i}.closes`] = [{ code: 'closesBeforeOpens' }];
      if (row.to_day && DAYS.indexOf(row.to_day as (typeof DAYS)[number]) < DAYS.indexOf(row.from_day as (typeof DAYS)[number])) {
        errors[`opening_hours.${i}.to_day`] = [{ code: 'lastDayBeforeFirst' }];
      }
    });
    return Object.keys(errors).length ? errors : undefined;
  },
});
