/** The header's facility selector: "Select Facility" (all facilities) or one home of the group. */
import { useEffect, useId } from "react";
import { useFacilities } from "../../lib/facilities.tsx";
import { hasStoredSelection, reconcileSelection, useSelectedFacility } from "../../lib/selected-facility.ts";

export function FacilitySelector() {
  const id = useId();
  const { facilities, source } = useFacilities();
  const [selected, setSelected] = useSelectedFacility();
  // Once the backend has said which homes the user may pick, never filter by one they cannot; a first
  // visit keeps the first of them (useSelectedFacility), so a home added later does not change it.
  useEffect(() => {
    if (source !== "backend") return;
    const kept = reconcileSelection(
      selected,
      facilities.map((f) => f.id),
    );
    if (kept !== selected || !hasStoredSelection()) setSelected(kept);
  }, [source, facilities, selected, setSelected]);
  return (
    <div className="facility-selector">
      <label htmlFor={id} className="visually-hidden">
        Facility
      </label>
      <select
        id={id}
        className="facility-selector__select"
        value={selected}
        onChange={(event) => setSelected(event.target.value)}
      >
        <option value="">Select Facility</option>
        {facilities.map((facility) => (
          <option key={facility.id} value={facility.id}>
            {facility.name}
          </option>
        ))}
      </select>
    </div>
  );
}
