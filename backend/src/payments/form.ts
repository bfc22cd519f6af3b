/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with nested keys
 * (`metadata[milestone_id]=…`, `line_items[0][price_data][unit_amount]=…`), as the official
 * client encodes them. This reads them back into objects and arrays.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

const MAX_DEPTH = 6;

export function decodeStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = /^[^[]+/.exec(rawKey)?.[0];
    if (!head) continue;
    const parts = [
      head,
      ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!),
    ];
    if (parts.length > MAX_DEPTH) continue;
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < parts.length; i += 1) {
      const key = parts[i]!;
      const last = i === parts.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[key] = value;
        break;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      let child = container[key];
      if (typeof child !== 'object' || child === null) {
        child = nextIsIndex ? [] : {};
        container[key] = child;
      }
      node = child;
    }
  }
  return root;
}

/** A string field of a decoded form, or undefined. */
export const field = (form: FormObject, key: string): string | undefined => {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
};

/** A nested object of a decoded form (e.g. metadata), as string values only. */
export function stringMap(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
