/** The Staff area: `/staff` (also `/staff/`), add and schedules. */
import { AreaPage } from "../../ui/area-page.tsx";

export function StaffDirectoryPage() {
  return (
    <AreaPage
      title="Staff Directory"
      intro="Everyone who works in your homes: role, facilities, phone, e-mail, status, and whether their clearance, certifications and training are in order."
      facilityScoped
      helpAnchor="staff"
      emptyTitle="No staff recorded"
      emptyText={
        <p>
          Staff appear here once they are added with Add New Staff. Choose "Select Facility" in the header to see every
          home at once.
        </p>
      }
      actions={[{ label: "Add New Staff", to: "/staff/add" }]}
    />
  );
}

export function AddStaffPage() {
  return (
    <AreaPage
      title="Add New Staff"
      intro="Add an employee with their role, the homes they work in, and the clearances and certifications an inspection asks for."
      facilityScoped
      helpAnchor="staff"
      emptyTitle="What to have at hand"
      emptyText={
        <ul>
          <li>Name, phone, e-mail and an emergency contact</li>
          <li>Hire date, role and the facilities they work in</li>
          <li>Background clearance (Live Scan) date and status</li>
          <li>First aid and CPR card, administrator certificate, with their expiry dates</li>
          <li>Training already completed this year: date, topic, hours and trainer</li>
        </ul>
      }
    />
  );
}

export function SchedulesPage() {
  return (
    <AreaPage
      title="Schedules"
      intro="The weekly shift calendar of each home, with warnings for staff booked in two homes at once, overlapping shifts, more than 40 hours a week, and hours with nobody on duty."
      facilityScoped
      helpAnchor="schedules"
      emptyTitle="No shifts scheduled"
      emptyText={
        <p>
          Shifts are planned per facility and week. Add your staff first; a finished week can then be copied to the next
          one.
        </p>
      }
      actions={[{ label: "Staff Directory", to: "/staff" }]}
    />
  );
}
