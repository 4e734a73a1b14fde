/** `/help`: how each area of the portal works, common questions, and the version. */
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { paths } from "../../lib/paths.ts";
import "./text-page.css";

const AREAS: readonly { id: string; title: string; to: string; text: string }[] = [
  {
    id: "reminders",
    title: "Reminders",
    to: paths.reminders.href(),
    text: 'The home page: what needs doing in the selected home, grouped by person (or by home, or by kind) with counts — "Okafor, Margaret — 7 missing documents" — the group with the oldest due date first. Open a group to see its reminders, twenty at a time. Most reminders are created for you: required documents missing, documents whose reminder lead time has started (a card valid for 12 more days with a 30-day lead time reads "Renew by" the day the lead time began and "Expires" its last valid day; it is overdue only once it has expired), rent past due, resident reappraisals, staff training hours short before they are due, Live Scans not submitted or waiting too long (a missing clearance paper stops being reminded once the clearance is recorded as cleared or exempted on the staff form), and — for those who make the rota — the coming week’s rota of a home with errors or coverage gaps (from the Thursday before; Open shows that week). These end when the data changes — upload the document, record the payment — so they cannot be marked done. Snooze one until a date, or, when a required document does not apply to a person or home, Waive it with a reason: the waiver and who recorded it are kept, the checklist shows the document as waived and counts it as met. Show: Snoozed, waived and done lists them again, where a snooze is undone or a waiver removed. Snoozing a reminder (and undoing it) needs permission to change what it is about — rent, the rota, documents, or the person or home a missing document belongs to — and a waiver needs permission to change documents as well; the buttons show only when your role has it. Add your own reminders with a due date, a facility and an optional repeat; they are one group, and can be marked done.',
  },
  {
    id: "residents",
    title: "Residents",
    to: paths.residents.list.href(),
    text: "All Residents lists everyone in the selected home with room, status, admission date, a badge showing whether their documents are complete, and (for roles with rent) the balance due; the search and the status filter are kept when you open a resident and come Back, or reload (as on the other lists). Add New Resident admits a resident; their record is the printable face sheet, with the documents checklist, medical record, rent and history. Leave, hospital stays, discharge and readmission are recorded with dates and a reason. The printed face sheet carries code status and allergies at the top, active diagnoses and medications, and when it was printed; Record vitals at the top of the page opens the vitals form. While admitting, the form warns when the same person may already be recorded, when a room and bed are already given or the home has no licensed capacity set; an admission dated after today is a planned move-in, counted from that day; a home that is full refuses the admission unless an administrator records an approved exception. To move a resident to another home of the group, use Transfer to another home… on the Stay card: choose the home, the day of the move (the new home's today unless you change it; it cannot be later, nor before their admission), their room and bed at the new home if you know them (a warning names anyone already given that room and bed), and a reason. The room and bed of the old home are not kept: the face sheet shows none until you give the new ones. Their diagnoses, allergies, medications, vitals, incidents, appointments, documents and open reminders go with them; their earlier stays and their rent charges, payments and rates stay recorded with the home where they happened, so that home's rent roll and past census stay true, while the balance they still owe follows them (the new home's rent tracker and reminders show it). History shows “Transferred out of” the old home and “Transferred into” the new one, and the audit log records the transfer. The Edit form shows the home but does not change it. You need access to both homes and permission to change everything that goes along (with documents to read only, a resident whose documents would go along cannot be moved by you; nothing is moved). An over-capacity exception approved for the old home stays there: a full new home refuses the move. History lists every change with who made it. If someone else saved the record while you were editing (or you did, in another window or tab — the message then says so), their changes are kept and only fields you both changed are shown to choose from; leaving a form with unsaved changes asks first.",
  },
  {
    id: "medical-records",
    title: "Medical Records",
    to: paths.residents.medicalRecords.href(),
    text: "Per resident: diagnoses, allergies, medications (dose, route, frequency, prescriber, start and stop, as needed), vitals (blood pressure, pulse, temperature, weight, oxygen saturation in %, breaths per minute, blood glucose in mg/dL and pain from 0 to 10; a value out of range is explained next to its field) with who recorded them — the portal fills that in from who is signed in, so it cannot be typed or changed; entries made before keep the name typed then — incidents with who was notified, and appointments. Every view and change of medical data is recorded in the audit log.",
  },
  {
    id: "rent-tracker",
    title: "Rent Tracker",
    to: paths.residents.rentTracker.href(),
    text: 'Each resident with a monthly rate is billed every month without anyone clicking: the current month when they are admitted or get a rate, and each new month on its first day in the home\'s time zone, prorated by day over every stay (a discharge and readmission in one month bills both parts). Until something is billed the resident shows "Not billed yet", never $0.00; two residents of the same name show their room (or date of birth) after the name here and when you record a payment; "Generate charges" bills earlier months. Balances are worked out by the system from charges and payments and cannot be typed in; to correct a bill, record a credit or an extra charge with its reason on the resident\'s Rent tab. If a stay changes after its month was billed, the charge is recomputed while unpaid; once a payment is applied, the difference appears as a credit or an extra charge with the reason. The rate history starts with the admission rate. Record payments with date, amount, method, reference and payer; the grid shows each month as paid, partial, unpaid or not billed yet, and every payment has a printable receipt.',
  },
  {
    id: "staff",
    title: "Staff",
    to: paths.staff.list.href(),
    text: 'The Staff Directory lists employees with their position (job title), homes, contact details and a compliance badge. Someone who works at several homes has a home facility and "also works at" homes: they are listed and counted in each, and users of those homes see them; their file (documents, training, history) is kept by their home facility, whose users make changes. Each record keeps the background clearance (Live Scan): its status — not started, submitted, cleared, exemption granted or denied — with the day the fingerprints were submitted and the day of the decision; Reminders lists a Live Scan never submitted, and one submitted longer ago than the group\'s number of days (Settings › Portal title) without a decision. The clearance letter and certifications such as first aid/CPR are documents with their expiry dates. Adding a home to "also works at", or taking one off, needs access to that home. To move someone to another home, use Transfer to another home… on their page (you need access to their home facility and the new home, and Schedules & training write): their documents, training and open reminders go with them, their shifts at the old home from now on are taken off its rota (its week shows the gap; past shifts stay), and the audit log records the move.',
  },
  {
    id: "training",
    title: "Training",
    to: paths.staff.requirements.href(),
    text: "Each staff member's page has a Training section (for roles with Schedules & training): add each training they received — date, topic, hours in quarter hours, category (initial before working independently, initial within the first weeks, annual, dementia care, postural supports / restricted conditions / hospice, first aid / CPR, emergency plan, administrator continuing education, laws and regulations), online or not, trainer and the certificate among their documents. The page measures the ledger against the training requirements of their position (Settings › Training requirements): the hours of each requirement's current period, its parts (at least 6 hours of dementia care, at most 20 hours online) and what is still short. A caregiver who has not finished the hours required before working independently is shown as \"Under direct supervision only\" until they have. California's figures are loaded as defaults marked \"Review for your home\": 20 hours before working independently (6 dementia, 4 postural/hospice), 40 hours within 4 weeks of hire (12 dementia), 20 hours a year after the first (8 dementia, 4 postural/hospice), and an administrator's 40 hours every 2 years (8 dementia, 4 laws, at most 20 online); change them to your policies. An entry counts towards every requirement that names its category and whose period holds its date (a dementia class in the second year counts for the annual 20 hours and its 8 dementia hours), never twice towards one. Years run from January 1 or from the hire date, as each requirement says. Reminders lists hours short within a requirement's lead time before it is due. Training transcript on the staff page prints it all for a licensing visit.",
  },
  {
    id: "schedules",
    title: "Schedules",
    to: paths.staff.schedules.href(),
    text: "Staff › Schedules shows the week of the home chosen in the header: a row per person working there (their home facility or one they also work at) and a column per day, Monday to Sunday. Choose the week with Previous week, This week, Next week or a date.\n\nWith Schedules & training write, add a shift with the + of a cell (a template such as Day 07:00–15:00 fills the times; Add the usual shift templates creates Day, Evening and Night), and open a shift to change or delete it. On a computer, drag a shift to another person or day to move it, or hold Ctrl (⌥ Option on a Mac) as you drop it to copy it; a copy is a draft until published. An end at or before the start is the next morning (the Ends field says how long the shift is as you type, and asks you to check the times past 12 hours), and a night across a clock change lasts its real 7 or 9 hours. Each shift says whether the person is awake or on call (on the premises, or nearby within 10 minutes). Copy the previous week copies its shifts as a draft, skipping people no longer working there (the message names them). Staff who may only read the rota (the default Caregiver role) see a week once it is published with Publish the week, with each colleague's name, position and shifts (a colleague's clearance, employment dates and training are for roles with Staff) (its question repeats the week's counts of errors, warnings and coverage gaps); drafts are marked, and a change to a published shift is seen by staff as soon as it is saved (its dialog says so). Print gives the week on one landscape page.\n\nThe Checks under the grid are computed from what is stored and follow every change. Errors: the same person on overlapping shifts in any home of the group (that shift is drawn in the person's row as “At Tull 10:00–14:00”, or “Another home” when you may not see that home, without its details), a shift of someone without a criminal record clearance or exemption, a shift outside their employment dates. Warnings: more than 8 hours in a day (12: double time), more than 40 in the week, all 7 days worked (Labor Code §510; time on two overlapping shifts counts once); someone who may not work independently yet (marked “in supervised training” on the grid) with nobody else awake; someone on night duty (a shift across midnight, from 22:00 or before 06:00) without a current document of a type marked Needed for night duty (first aid / CPR and the health screening with its TB test, in Staff Document Configuration). Coverage: times of the day (06:00–22:00) with nobody awake, and nights (22:00–06:00) short of Title 22 §87415 for that night's residents (fewer than 16: someone on call on the premises; 16–100: one awake and one on call; 101–200: one awake, one on call on the premises and one more on call), or with nobody awake when a resident has dementia (§87705: tick Has dementia on the resident's form). Each check names its rule.\n\nWith Select Facility in the header, every home's week is shown side by side: a column per home with its status and the counts of its checks, a row per day with each shift (who and when, drafts marked) and the day's coverage gaps; Open takes you to that home's week. Export CSV gives the week's shifts with their real hours, and Hours for payroll each person's hours here and in the group's other homes with daily overtime (over 8), double time (over 12) and weekly overtime (over 40). Shifts of the month, on a staff member's page, prints their own month. Reminders lists a home whose coming week still has errors or coverage gaps, from the Thursday before.",
  },
  {
    id: "referral-agents",
    title: "Referral Agents",
    to: paths.agents.list.href(),
    text: "The Agent List (Referral Agents in the top menu, also at /agencies) holds the placement agents and agencies who refer residents, kept once for the whole group: every home's users with Referrals see the same agents. Search by agent or agency, show all (the default), active or inactive agents, sort by agent or agency, and Export CSV. If two people change an agent's fee terms at once, the second is shown the first's terms and chooses (terms are never merged field by field). Add New Agent (which says so when an agent of the same name is already recorded, with a link to them) records the agent's name, agency, phone, e-mail, address and notes, and the agency's reporting windows: how many days it gives you to tell it that a prospect it sent was already known to you, and how many business days to report a move-in (leave them empty when the agency sets none).\n\nFee terms are kept apart and shown only to roles with the Referral fees permission (in Settings → Roles; the Office and House manager roles have it, as they had \"Referrals & fees\"): on the agent's page, Add fee terms chooses a percent of the first month's rent, up to 100% — optionally prorated from the move-in day, so a move-in on the 10th of a 31-day month counts 22 days, and optionally capped — or a flat amount (\"50% of the first month's rent, prorated, at most $3,000.00\"). A role without it sees agents without any fee. Make inactive takes an agent off the active list; their records stay.\n\nThe agent's papers — the signed referral agreement and the W-9 for their 1099 — are kept on the agent's page under Documents, with the same Upload, Replace, View and Archive as a resident's documents; the agreement is valid 12 months from its issue date unless you enter another expiry. The Agent List shows each agent's papers: \"Referral agreement: To 2027-03-01\", \"Expires …\" within 30 days of its end, \"Expired\" or \"Missing\". They belong to the whole group, so only users with Documents who see every home see them; which papers are required is set in Settings → Agent Document Configuration.",
  },
  {
    id: "referral-logs",
    title: "Referral Logs",
    to: paths.agents.logs.href(),
    text: "Referral Logs (Referral Agents › Referral Logs) keeps every prospect referred to your homes, from the first call to move-in or close, for the home chosen in the header (Select Facility: every home). The List shows each referral with its home, date, who referred (an agent of the Agent List, or a hospital discharge planner, family, the website, a walk-in), stage and next step; search by the prospect's name, filter by status (any open stage, or Follow-up due: open referrals whose follow-up is today or earlier) and by agent, sort by date, and Export CSV. The Pipeline shows the open referrals in columns — New, Contacted, Tour scheduled, Toured, Assessment — with their counts and this week's tours per home; move a card with its Move to… menu (keyboard and phone), or drag it to another column on a computer.\n\nLog Referral records who referred, the prospect (name, date of birth, phone, e-mail), their contact person, care needs, monthly budget, desired move-in and next follow-up. As you type, the portal checks every home of the group for the same person — the same name with the same date of birth, the same phone, or the same e-mail — and names the first referral: its date, agent and home. While only the name is typed (no date of birth, phone or e-mail yet), the same first and last name gives a weaker warning, \"Possible duplicate: same name\", to confirm by adding the date of birth, phone or e-mail; it asks for no decision. If that home is not one of yours, you are told only that a referral exists there and whose administrator to ask (its administrator's name, from the facility's record), never the person's details (these checks are recorded in the audit log). Then choose: a duplicate (linked to the first referral — also one in a home you do not see — and the agency is to be told within its window, counted from the referral date: placement agencies are not owed a fee for a prospect already known), or a referral of its own, with the reason. A duplicate of someone who already moved in is logged closed at once (Lost: duplicate), and its fee card says no fee is owed for it. A referral cannot be dated in the future, nor a date of birth, follow-up or desired move-in out of order with it.\n\nOn a referral's page, Move to… changes its stage: a tour needs its date and time (the home's time), a tour not yet held cannot be marked Toured, nor can a referral with no tour recorded — schedule the tour with its date and time, or log a Tour in the contact log, first; a close needs its reason — Declined: declined by us, deceased, other; Lost: chose another provider, duplicate (for a referral logged as one), deceased, other — and, if you like, notes. Moved in offers Admit as a new resident… — Add New Resident filled in from the referral (name, date of birth, home, the desired move-in as the admission date when one is given, the budget as the monthly rate, the contact person) — or links a resident already admitted. Saving admits the resident, closes the referral as moved in with the first month's rent (recorded by roles with Referral fees; another role's move-in leaves it for them to enter on the fee card), and closes the same person's other open referrals — in every home of the group, also those you do not see (there only a referral under the same name, as a phone or e-mail is often a relative's) — as “Moved to a sister home” with a note, all at once. If two people move the same referral, the second is refused and told its new stage. The page also lists what the agency must be told and by when (Told them today records it), the contact log (calls, e-mails, visits and tours, with notes), every change with who made it, and — for roles with Referral fees — the agent's fee: the terms, the fee owed (the terms applied to the first month's rent, rounded once to the cent), invoices, payments and disputes with the balance. An invoice number the agent already used is refused, and so is a payment for a referral that did not move in or is a duplicate, or above the balance; an invoice for such a referral is recorded with a reminder to dispute it. Remove takes out an entry recorded by mistake (the audit log keeps it). Reminders lists follow-ups due, reports due to agencies and invoices unpaid after 30 days.\n\nUnder the list, Conversion by source compares agents with hospitals, families, the website and walk-ins: referrals, tours, move-ins, conversion and, with Referral fees, fees paid and cost per move-in. The Agent List shows each agent's referrals, move-ins and conversion (and, with Referral fees, fees paid this year); an agent's page has their referrals and, per calendar year, referrals, tours, move-ins, conversion, fees owed by the agent's terms for their move-ins (a duplicate owes nothing), fees paid (the figure for their 1099) and cost per move-in (what is owed, or what was paid when more, per move-in).",
  },
  {
    id: "facilities",
    title: "Facilities",
    to: paths.facilities.list.href(),
    text: 'The homes of the group with address, license number, capacity, administrator, census and facility documents, for roles with facilities. A figure your role does not cover shows as "—": the census needs residents, the staff count staff, and compliance documents. The selector in the header chooses which home every list shows; choose "Select Facility" to see all homes together. Your choice is remembered on this computer; until you choose, Van Buren is shown, or the first home you can see when Van Buren is not one of them.',
  },
  {
    id: "document-configuration",
    title: "Document Configuration",
    to: paths.docConfig.resident.href(),
    text: "Under Settings in the top menu, set which documents residents, facilities, staff and referral agents must have: name, form code, required or optional, whether its documents expire (then every upload must give the expiry date printed on the document), a usual number of months of validity (it fills in the expiry date from the issue date), and how many days before expiry to remind (the reminder is due that many days before the expiry). While you type a new type's name or form code, a warning names any existing type (retired ones too) that is close — the same words, a typo, or the same code written differently — so the same form is not set up twice. The documents themselves are uploaded on each record as a PDF or image; older versions are kept. The California set is loaded for you to review: defaults, not law — first aid / CPR expires (enter the date on the card; two years is usual), the physician's report, appraisal and disaster plan are yearly, the administrator certificate every two years, liability insurance when its policy ends.",
  },
  {
    id: "documents",
    title: "Documents and compliance",
    to: paths.residents.list.href(),
    text: "When you upload a document, type its issue date as printed on it (the field starts empty) and, for a type that expires, the expiry date printed on it; the upload says so next to the field when it is missing. Each resident, staff member and home has a Documents checklist of the types that apply: complete, missing, expiring soon (within the type's lead time) or expired, with the current document and older versions. The compliance badges on the lists and the Facilities page count the required types. A required document waived from Reminders (\"not applicable to this resident\") shows as Waived with its reason and counts as met until the waiver is removed.\n\nWho sees which documents: Documents to read, and the area of whose papers they are. A staff member's documents (the criminal record statement, health screening, Live Scan) need Staff as well, a referral agent's (agreement, W-9) Referrals, a resident's Residents; a home's own documents (its plan of operation, its license) need Documents alone, so a caregiver sees the home's papers and the residents' but not their colleagues'. Uploading, replacing or archiving one needs write on both. The same holds for their files, the document lists and counts, the compliance badges and the reminders: papers you may not see are neither listed nor counted for you.",
  },
  {
    id: "reports",
    title: "Reports",
    to: paths.reports.list.href(),
    text: "Reports lists the reports your role may open (Reports, and read on what a report covers: residents for the census, rent for the rent roll, documents for compliance). Each report is for the home chosen in the header (Select Facility: every home you see) and a range: choose This month, Last month, the last 3 or 12 months, This year or Last year, or your own From and To (a range ending before it starts is refused beside the field; at most 36 months). The range is kept in the page's address, so a bookmark or a shared link opens the same report. Figures \"now\" are taken on the range's last day, or today when the range reaches into the future.\n\nCensus and occupancy: residents living in each home (on leave and in hospital included, planned move-ins not), licensed capacity and occupancy, move-ins, move-outs by reason (discharged, deceased, moved to another of your homes) and the average length of the stays that ended; by month, occupancy on each month's last day and the moves. A resident who moved between homes counts at each home for their time there. Rent roll and receivables: each resident's monthly rate, what was charged (by due date) and paid (by day received) in the range, what is owed on the last day and how long ago it fell due — 0–30, 31–60, 61–90 and over 90 days, payments and credits settling the oldest charges first — with totals per home, vacant beds and loss to vacancy (each month's empty licensed beds times the home's average rate). Compliance: required documents missing, expiring soon and expired per home and who has them, worst first; and how many were open at each month's end, judged by the documents held then (issued by then, or uploaded by then when they have no issue date; from today on, the current version of each, as the documents pages show it). A whole group lists its 1,000 worst files; choose a home to list all of its own. Staff training: hours taken in the range per staff member, where each stands on every requirement of their position on the last day (met, short, overdue, not begun yet), per requirement and per home, and the hours month by month; each name opens the training transcript. Referrals: by source and by agent, the referrals received in the range, tours, move-ins, conversion and duplicates caught (a prospect already referred, whose agency is owed no fee); with Referral fees also the fees owed for those move-ins by the agent's terms, invoiced and paid in the range, and the cost per move-in.\n\nThe inspection packet is for the home chosen in the header, to print for a licensing visit: the home's license, address, administrator and capacity; every night of the next four weeks not covered as Title 22 §87415 asks (§87705 with dementia) by the shifts scheduled so far; every resident's required documents with their status and dates; every staff member's documents, criminal record clearance (Live Scan), TB screening and training short; and the personnel list in the shape of the state's LIC 500 Personnel Report, with each person's scheduled hours of the four weeks and usual shift.\n\nEvery chart has the table of its numbers beside it. Export CSV saves a table (money as dollars, e.g. 3000.5). Print prints the report alone — without the portal's header, menus and the range's controls — on A4 or Letter.",
  },
  {
    id: "access",
    title: "Roles and access",
    to: paths.settings.roles.href(),
    text: 'What you may see and change depends on your role and your homes. A role gives each area — residents, medical records, rent, staff, schedules and training, referrals, referral fees, facilities, documents and their configuration, reports, users and roles, the audit log, data export — no access, read, or read and write. Beside the areas, a role holds actions, given one by one because their consequences go beyond an ordinary edit: Discharge residents, Record a death, Transfer residents (to another home), Archive residents and Change code status (DNR, Full code, POLST, after admission). Read and write on residents lets a user keep a resident\'s record up to date — vitals, notes, a leave or a hospital stay — but not these steps: a user whose role lacks one does not see its button (Discharge, Death, Transfer to another home…, Archive) and the edit form shows the code status without offering to change it; if they try anyway the portal says "Your role may not discharge residents" (or the step in question). The same action is needed to undo a recorded discharge or death, change its date or reason, or change or remove its entry in the stay history; a readmission needs Discharge residents, and a move between homes is recorded only by Transfer to another home. The portal ships four roles for your group to review: Administrator (everything, every action), House manager (everything in their homes except users, roles and export, and every action), Caregiver (residents and medical records, documents to read; no rent, fees or settings, and no actions: caregivers record vitals, notes and documents, house managers and administrators do the rest) and Office (rent, referrals and referral fees, reports, residents to read; no actions). Roles your group made before actions existed keep what they could do: a role with residents read and write holds every action until you review it in Settings → Roles, where each action is a checkbox with what it allows. Administrators who see every home change them in Settings → Roles, or add roles of their own; a change applies from each user\'s next click. The Administrator role always keeps every permission and every action, and a role still given to someone cannot be removed. Menus show only what your role allows; opening another page says "You don\'t have access". Settings opens for everyone with their own account (My account) and whatever their role may look at, such as the document configuration to read. A resident\'s monthly rate is shown only to roles with rent. Data export governs taking the group\'s whole data out at once; the Export CSV button of a list you may see belongs to that list, and every such export is recorded in the audit log as Exported. A waiver of a required document counts as a change to documents, so only roles that may change documents can waive; a snooze silences a reminder for the whole home, so it needs permission to change what the reminder is about: rent past due needs rent, a rota\'s reminder schedules, an expiring document documents, a missing document the person\'s or home\'s area (residents, staff or facilities); undoing a snooze or a waiver needs the same. When an administrator changes your role or your homes, the menus follow from your next click. Records of homes you do not have are never shown (they are "not found"). Roles, document types and the portal title belong to the whole group, so only someone who sees every home can change them. Nobody changes their own role, homes or active status, not even an administrator: another administrator does, so no one can lock themselves out (one exception: someone holding every permission and every action on every home may rename their own role or change its description, which can give them nothing more). Managing users and roles is not a key to everything: you can give a role or a person only the permissions, actions and homes you hold yourself, you cannot change your own role, and you cannot edit, reset the password of, or deactivate someone whose role holds more than yours (nor change or remove such a role); so only someone holding every permission and action on every home creates another such administrator. Each grant is in the audit log with who gave what ("role: caregiver → house-manager", "rent: none → write", "actions: none → discharge recordDeath").',
  },
  {
    id: "settings",
    title: "Settings",
    to: paths.settings.hub.href(),
    text: "One Settings area (the top entry and the quick link lead to the same menu). Everyone: My account — your details, changing your password, and \"Sign out of every other session\" (also from the account menu in the header). Administrators: Users — add a person (their homes start as the one chosen in the header; choose All facilities on purpose. The portal makes a one-time password, shown once with the time it stops working: give it to them in person or by phone; it works for one sign-in within 72 hours, where they choose their own — if it expires or they leave before choosing, reset their password), edit their role, homes (all, or at least one) and staff record, reset a password (a new one-time password; they are signed out everywhere), deactivate (signed out at once, cannot sign in) and reactivate; the document configuration pages; the group's facilities; the portal title in the header and the browser tab. An administrator limited to some homes sees and manages only users limited to those homes. Your own page shows your role, homes and status without offering to change them: another administrator can. Export and import (roles with Data export): Export everything downloads one ZIP file with every record (with all its fields), the audit log and every document's file, each kind of record as JSON and as a CSV for spreadsheets (the name of each linked resident, staff member, home or type beside its id, codes and lists in words, money in dollars), with a manifest of counts and checksums; the portal first prepares the file as of one moment (on your own server: at most 10 minutes, else it says so — export fewer homes at a time), then the page shows how much has arrived, and the export is recorded in the audit log. An administrator limited to some homes chooses among theirs. Passwords are never exported. To move to a new portal, import the file there while it is still empty (nothing but its first administrator): everything is checked first as if each record and file were entered by hand (records linking to another home's records and files that are not what they say are refused; rent balances are worked out again from the charges and payments), and if anything is wrong the problems are listed and nothing is written. The file's checksums catch a damaged download, not deliberate changes: import only files you exported yourself or received from someone you trust. Every imported user gets a one-time password, shown once to you; you keep your own password.",
  },
  {
    id: "audit-log",
    title: "Audit log",
    to: paths.auditLog.href(),
    text: "Settings → Audit log (administrators) lists who viewed, created, changed, archived or removed a record, exported a list to CSV (every list, whatever it holds), uploaded or downloaded a file, signed in, failed to sign in, signed out or changed their password — newest first, 50 at a time with Previous and Next. Each entry names the record (a resident as in lists, “Okafor, Margaret”; a home, a document by its title); click it to see only that record’s entries; a record removed since shows the first characters of its id. Opening a resident is one Viewed entry, which also covers their medical entries and documents read in the next five minutes. Filter by user, action, record type, record id, facility and days; the days and times are in the time zone of the facility you filter on (else the one chosen in the header), named at the top. A facility-limited administrator sees only their homes' entries. Export CSV saves every entry the filters match, up to 50,000 rows; narrow the days to export more. On a resident's History, a staff member's page and each document (Who viewed), \"Who viewed or changed this record\" lists that record's entries and opens the log filtered to it. Entries are written by the server and can never be changed or deleted, not even by an administrator.",
  },
];

const FAQ: readonly { q: string; a: string }[] = [
  {
    q: "I forgot my password. What now?",
    a: "Ask an administrator of your group to reset it under Settings › Users. They give you a one-time password; it works for one sign-in within 72 hours, where you choose your own. If it has expired or you closed the page before choosing, ask for a new one.",
  },
  {
    q: "Someone may know my password, or I stayed signed in on a shared computer.",
    a: 'Change your password under Settings › My account, or press "Sign out of every other session" there: every other browser and device is signed out at once. Signing out in one tab signs out the others of the same browser too: they show the sign-in page as soon as you go back to them.',
  },
  {
    q: 'The sign-in page says "You were signed out". Why?',
    a: "Your session ended without you pressing Logout: after 30 minutes without activity (and at most 12 hours after signing in), by a sign-out in another tab or on another device, or because an administrator changed or deactivated your account. Sign in again: you come back to the page you were on. Anything you had not saved on it was not kept.",
  },
  {
    q: "Why do I see fewer homes or residents than a colleague?",
    a: "Each account may be limited to some homes. Check the facility selector in the header first: it filters every list. If a home is missing altogether, ask an administrator to give your account access to it.",
  },
  {
    q: "I was signed out while working. Why?",
    a: "For residents' privacy you are signed out after 30 minutes without activity, and after 12 hours in any case. Sign in again; you return to the page you asked for.",
  },
  {
    q: "The portal says someone else saved the record. What now?",
    a: "Two people edited the same record. Nothing was overwritten: the newer version is shown. Apply your change to it and save again.",
  },
  {
    q: "I forgot my password.",
    a: "Ask an administrator of your group to reset it. Passwords are never sent by e-mail.",
  },
  {
    q: "What makes a password acceptable?",
    a: "At least 12 characters, and not one of the common or leaked passwords the portal knows (such as qwerty123456). A short sentence you can remember works well.",
  },
  {
    q: 'It says "Too many failed sign-in attempts". Am I locked out?',
    a: "Only for a few minutes. On a computer or phone you have signed in with before, failed attempts made elsewhere never lock you out. Many failed attempts from your network (for example the office) only make sign-in there slower for a while, never impossible. If this keeps happening, tell an administrator: someone may be guessing your password.",
  },
  {
    q: "Why can't I delete a file I uploaded?",
    a: "A file that belongs to a document stays with it, so the document never loses its file. Archive the document or upload a new version instead.",
  },
  {
    q: "Why does a downloaded file have another ending than the one I uploaded?",
    a: "The portal goes by what a file really is, not by its name: a PDF uploaded as “notes.html” downloads as “notes.pdf”, so your computer opens it with the right program and never as a web page.",
  },
  {
    q: "Can I use the portal on my phone?",
    a: "Yes. On a phone the main menu is the bar at the bottom of the screen, and the Menu button at the top opens the rest.",
  },
];

export function HelpPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="text-page" aria-labelledby="page-title">
      <h1 id="page-title">Help</h1>
      <p>
        How each part of the portal works, and answers to common questions. The menu at the top (at the bottom on a
        phone) leads to the areas; the side menu shows the pages of the area you are in.
      </p>
      <nav aria-label="Help topics" className="text-page__toc card">
        <h2>Topics</h2>
        <ul>
          {AREAS.map((area) => (
            <li key={area.id}>
              <a href={`#${area.id}`}>{area.title}</a>
            </li>
          ))}
          <li>
            <a href="#faq">Common questions</a>
          </li>
        </ul>
      </nav>
      {AREAS.map((area) => (
        <section key={area.id} id={area.id} aria-labelledby={`${area.id}-title`}>
          <h2 id={`${area.id}-title`}>{area.title}</h2>
          {area.text.split("\n\n").map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
          <p>
            <Link to={area.to}>Open {area.title}</Link>
          </p>
        </section>
      ))}
      <section id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">Common questions</h2>
        <dl>
          {FAQ.map((item) => (
            <div key={item.q} className="text-page__faq">
              <dt>{item.q}</dt>
              <dd>{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="text-page__version">Care Portal version {__APP_VERSION__}</p>
    </article>
  );
}
