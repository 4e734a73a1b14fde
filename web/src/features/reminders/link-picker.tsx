/**
 * Picks the record a manual reminder links to: a facility from the group's list, or a resident or staff
 * member of the reminder's facility found by name through the data port (a search box narrowing a
 * select, so it works with the keyboard and screen readers like any select).
 */
import { useEffect, useId, useState } from "react";
import type { TReminderLinkType } from "@care/core/collections/reminders.collection";
import { useFacilities } from "../../app/facilities-provider.tsx";
import { useData } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import { LINK_TYPE_LABELS } from "./reminder-form-values.ts";

interface TOption {
  id: string;
  name: string;
}

type TPerson = { id: string; firstName: string; lastName: string; preferredName?: string | undefined };

const PEOPLE_SHOWN = 20;

function personName(p: TPerson): string {
  return `${p.lastName}, ${p.firstName}${p.preferredName ? ` (${p.preferredName})` : ""}`;
}

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
  const data = useData();
  const { facilities } = useFacilities();
  const searchId = useId();
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [options, setOptions] = useState<TOption[]>([]);
  const [chosen, setChosen] = useState<TOption | null>(null);
  const [loading, setLoading] = useState(false);
  const label = LINK_TYPE_LABELS[linkType].toLowerCase();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  // The matching people of the reminder's facility.
  useEffect(() => {
    if (linkType === "facility") return;
    let cancelled = false;
    setLoading(true);
    const query = {
      ...(facilityId ? { where: { facilityId } } : {}),
      ...(search ? { search } : {}),
      limit: PEOPLE_SHOWN,
    };
    const toOptions = (page: { items: readonly TPerson[] }) =>
      page.items.map((p) => ({ id: p.id, name: personName(p) }));
    const request: Promise<TOption[]> =
      linkType === "resident"
        ? data.list("residents", query).then(toOptions)
        : data.list("staff", query).then(toOptions);
    request
      .then((found) => {
        if (!cancelled) setOptions(found);
      })
      .catch((e: unknown) => {
        if (!cancelled) reportError(e);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [data, linkType, facilityId, search]);

  // The linked person's name, when editing a reminder whose person is not among the matches.
  useEffect(() => {
    if (linkType === "facility" || !value || chosen?.id === value) return;
    let cancelled = false;
    const request: Promise<TPerson> = linkType === "resident" ? data.get("residents", value) : data.get("staff", value);
    request
      .then((p) => {
        if (!cancelled) setChosen({ id: p.id, name: personName(p) });
      })
      .catch(() => {
        // Archived or out of reach: the select then offers only the matches.
      });
    return () => {
      cancelled = true;
    };
  }, [data, linkType, value, chosen]);

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
          setChosen(all.find((o) => o.id === id) ?? null);
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
