/**
 * Picks the record a manual reminder links to: a facility from the group's list, or a resident or staff
 * member of the reminder's facility found by name through the data port (a search box narrowing a
 * select, so it works with the keyboard and screen readers like any select).
 */
import { distinctListNames, listName } from "@care/core/rules/person-name.rules";
import { useId, useState } from "react";
import { ERROR_CODES } from "@care/core/app-error";
import type { TReminderLinkType } from "@care/core/collections/reminders.collection";
import { useFacilities } from "../../lib/facilities.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { LINK_TYPE_LABELS } from "./reminder-form-values.ts";

interface TOption {
  id: string;
  name: string;
}

type TPerson = { id: string; firstName: string; lastName: string; preferredName?: string | undefined };

const PEOPLE_SHOWN = 20;

export function LinkPicker({
  linkType,
  facilityId,
  value,
  error,
  onChange,
}: {
  linkType: TReminderLinkType;
  facilityId: string;
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  const { facilities } = useFacilities();
  const searchId = useId();
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const [text, setText] = useState("");
  const search = useDebounced(text, 250).trim();
  const label = LINK_TYPE_LABELS[linkType].toLowerCase();
  const people: "residents" | "staff" = linkType === "resident" ? "residents" : "staff";

  // The matching people of the reminder's facility.
  const matches = usePortQuery(
    ["linkPicker", people, facilityId, search],
    async ({ data }) => {
      const page = await data.list(people, {
        ...(facilityId ? { where: { facilityId } } : {}),
        ...(search ? { search } : {}),
        limit: PEOPLE_SHOWN,
      });
      const names = distinctListNames(page.items as TPerson[]);
      return page.items.map((p: TPerson) => ({ id: p.id, name: names.get(p.id)! }));
    },
    { reads: [people], enabled: linkType !== "facility" },
  );
  const options = matches.data ?? [];
  const loading = matches.isFetching;

  // The person picked stays offered when the search changes.
  const [picked, setPicked] = useState<TOption | null>(null);
  // The linked person's name, when editing a reminder whose person is not among the matches.
  const linked = usePortQuery(
    ["linkPicker", people, "linked", value],
    async ({ data }): Promise<TOption> => {
      const p: TPerson = await data.get(people, value);
      return { id: p.id, name: listName(p) };
    },
    // Archived or out of reach: the select then offers only the matches.
    { reads: [people], enabled: linkType !== "facility" && Boolean(value) && picked?.id !== value, quiet: ERROR_CODES },
  );
  const chosen = picked?.id === value ? picked : linked.data?.id === value ? linked.data : null;

  const all: TOption[] =
    linkType === "facility"
      ? facilities.map((f) => ({ id: f.id, name: f.name }))
      : chosen && !options.some((o) => o.id === chosen.id)
        ? [chosen, ...options]
        : options;

  return (
    <div className={["form-field form-field--wide link-picker", error ? "form-field--invalid" : ""].join(" ")}>
      {linkType !== "facility" && (
        <>
          <label htmlFor={searchId} className="form-field__label">
            Find the {label} by name
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={100}
            placeholder="Type part of the name"
            onChange={(event) => setText(event.target.value)}
          />
        </>
      )}
      <label htmlFor={selectId} className="form-field__label">
        Linked {label}
      </label>
      <select
        id={selectId}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const id = event.target.value;
          setPicked(all.find((o) => o.id === id) ?? null);
          onChange(id);
        }}
      >
        <option value="">{loading ? "Searching…" : `Pick a ${label}`}</option>
        {all.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {linkType !== "facility" && !loading && options.length === 0 && (
        <p className="form-field__hint">
          No {label} {search ? `matches “${search}”` : "is recorded"} in this facility.
        </p>
      )}
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
