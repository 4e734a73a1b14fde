/** `/privacy`: a privacy notice a care group can adapt (names in brackets are theirs to fill in). */
import "./text-page.css";

export function PrivacyPage() {
  return (
    <article className="text-page" aria-labelledby="page-title">
      <h1 id="page-title">Privacy notice</h1>
      <p>
        This notice explains how [Care Group name] ("we") handles personal information in this staff portal. Replace the
        bracketed parts with your own details and have the text reviewed for your state's requirements.
      </p>
      <h2>Who uses the portal</h2>
      <p>
        The portal is for our employees and contractors who care for residents or run our homes. It is not open to the
        public, to residents or to their families.
      </p>
      <h2>What we keep</h2>
      <ul>
        <li>
          Residents: identity and contact details, emergency contacts, care and medical information, documents required
          by licensing, rent and payments.
        </li>
        <li>
          Staff: contact details, role, schedules, background clearance status, certifications and training records.
        </li>
        <li>Referral agents and prospects: contact details, referral history and fees.</li>
        <li>
          Portal users: e-mail, role, which homes they may see, and a log of sign-ins and of who viewed or changed
          records.
        </li>
      </ul>
      <h2>Why we keep it</h2>
      <p>
        To care for residents, to meet the record-keeping duties of our license, to bill rent, to schedule staff, and to
        pay referral fees correctly.
      </p>
      <h2>Who can see it</h2>
      <p>
        Only signed-in staff, and only for the homes their account allows. Medical and personal records are visible to
        those who need them for their work. Every view and change of medical records is logged. We share information
        only where the law requires it (for example with the licensing agency during an inspection), with a resident's
        authorised representative, or with providers who host the portal for us under a confidentiality agreement.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Records are kept for as long as our license and the law require after a resident leaves or an employee's work
        ends, then deleted. [State your retention period.]
      </p>
      <h2>Security</h2>
      <p>
        Access needs a personal account; passwords are stored only as secure hashes; sessions end after 30 minutes of
        inactivity. Report a lost device or a suspected breach to [contact] at once.
      </p>
      <h2>Questions and requests</h2>
      <p>
        Residents, their representatives and employees may ask to see or correct their information by contacting [name,
        e-mail, phone].
      </p>
      <p className="text-page__version">Last updated: [date]</p>
    </article>
  );
}
