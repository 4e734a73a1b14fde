/** `/facilities/`: the homes of the group, in the order the header's selector shows them. */
import { Link } from "react-router-dom";
import { useFacilities } from "../../app/facilities-provider.tsx";
import { useSelectedFacility } from "../../app/selected-facility.ts";
import "./facilities-page.css";

export function FacilitiesPage() {
  const { facilities, source } = useFacilities();
  const [selected, setSelected] = useSelectedFacility();
  return (
    <article className="facilities-page" aria-labelledby="page-title">
      <h1 id="page-title">Facilities</h1>
      <p className="facilities-page__intro">
        The homes of your group. Address, license, capacity, census and facility documents are kept on each home's
        record; the header's selector chooses which home every list shows.
      </p>
      {source === "seed" && (
        <p className="alert" role="status">
          The list of facilities could not be loaded from the server; the default homes are shown.
        </p>
      )}
      <div className="card facilities-page__table-wrap">
        <table className="facilities-page__table">
          <caption className="visually-hidden">Facilities of the group</caption>
          <thead>
            <tr>
              <th scope="col">Facility</th>
              <th scope="col">Id</th>
              <th scope="col">
                <span className="visually-hidden">Selection</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {facilities.map((facility) => (
              <tr key={facility.id}>
                <td>{facility.name}</td>
                <td>
                  <code>{facility.id}</code>
                </td>
                <td>
                  {selected === facility.id ? (
                    <span className="facilities-page__current">Selected</span>
                  ) : (
                    <button type="button" className="button button--secondary" onClick={() => setSelected(facility.id)}>
                      Select<span className="visually-hidden"> {facility.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Link to="/help#facilities">How Facilities works</Link>
      </p>
    </article>
  );
}
