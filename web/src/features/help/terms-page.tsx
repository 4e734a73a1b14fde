/** `/terms`: terms of use for staff a care group can adapt (names in brackets are theirs to fill in). */
import "./text-page.css";

export function TermsPage() {
  return (
    <article className="text-page" aria-labelledby="page-title">
      <h1 id="page-title">Terms of use</h1>
      <p>
        These terms apply to everyone who signs in to the staff portal of [Care Group name]. Replace the bracketed parts
        with your own details.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>Your account is personal. Do not share your password or let anyone work under your sign-in.</li>
        <li>Sign out, or lock the screen, when you leave a shared computer.</li>
        <li>Tell [contact] at once if you think someone else has used your account.</li>
      </ul>
      <h2>Using residents' and colleagues' information</h2>
      <ul>
        <li>Open only the records you need for your work. Views of medical records are logged and reviewed.</li>
        <li>
          Do not copy, photograph, print or export information except for your work, and keep anything printed secure.
        </li>
        <li>Record information accurately and promptly; the portal is part of the records our license requires.</li>
      </ul>
      <h2>Availability</h2>
      <p>
        We aim to keep the portal available at all times but cannot promise it. Keep the paper procedures of your home
        (emergency information, medication records) ready for an outage.
      </p>
      <h2>Breaches of these terms</h2>
      <p>
        Misuse of the portal or of the information in it may lead to loss of access and to disciplinary action, and may
        have to be reported to the licensing agency.
      </p>
      <h2>Changes</h2>
      <p>We may change these terms; the date below shows the current version. Questions go to [name, e-mail].</p>
      <p className="text-page__version">Last updated: [date]</p>
    </article>
  );
}
