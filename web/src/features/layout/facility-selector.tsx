/** The header's facility selector: "Select Facility" (all facilities) or one home of the group. */
import { useId } from "react";
import { useFacilities } from "../../app/facilities-provider.tsx";
import { useSelectedFacility } from "../../app/selected-facility.ts";

export function FacilitySelector() {
  const id = useId();
  const { facilities } = useFacilities();
  const [selected, setSelected] = useSelectedFacility();
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
