import { readFileSync } from "node:fs";
import { testCollection } from "@care/core/collection.test-support";
import { describe, expect, it } from "vitest";
import { collections } from "@care/core/registry";
import { defineCollection, type CollectionDef } from "@care/core/collection";
import { META_SORT_FIELDS } from "@care/core/list-query";
import { z } from "zod";
import { facilitiesField, ordersInMemory, storedFilterField } from "./firestore-records.ts";
import {
  generatedRuleFiles,
  generateFirestoreIndexes,
  generateFirestoreRules,
  generateStorageRules,
  linkReads,
  MAX_RULE_READS,
  ROLE_READS,
} from "./rules-generator.ts";

const root = new URL("../../../", import.meta.url);

/** The `allow <verb>:` line of a collection's block. */
function allowLine(block: string, verb: string): string | undefined {
  return block.split("\n").find((l) => l.includes(`allow ${verb}:`));
}

/** The `allow create:` line of a collection's block. */
function createRule(rules: string, name: string): string | undefined {
  return allowLine(block(rules, name), "create");
}

function block(rules: string, name: string): string {
  const start = rules.indexOf(`match /${name}/{id} {`);
  expect(start, `no match block for ${name}`).toBeGreaterThan(-1);
  return rules.slice(start, rules.indexOf("\n    }", start));
}

describe("generated Firebase rules", () => {
  it("the committed rules and indexes are the generated ones (run `npm run firebase:rules`)", () => {
    for (const [path, content] of Object.entries(generatedRuleFiles())) {
      expect(readFileSync(new URL(path, root), "utf8"), `${path} is out of date: run npm run firebase:rules`).toBe(
        content,
      );
    }
  });

  it("has a rule block for every registry collection", () => {
    const rules = generateFirestoreRules();
    for (const name of Object.keys(collections)) block(rules, name);
  });

  it("a new collection gets its own rules and indexes", () => {
    const notes = defineCollection({
      name: "notes",
      label: "Note",
      schema: z.object({ facilityId: z.string(), text: z.string() }),
      scope: { kind: "facility", field: "facilityId" },
      access: { read: "signed-in", write: "signed-in" },
      filterable: ["facilityId"],
      sortable: ["text"],
      defaultSort: { field: "text", direction: "asc" },
      searchable: ["text"],
      removal: "archive",
      clientIds: false,
      auditViews: false,
    });
    const notesBlock = block(generateFirestoreRules([notes]), "notes");
    expect(notesBlock).toContain("allow get, list: if signedIn() && mayFacility(resource.data._facility);");
    expect(notesBlock).toContain("request.resource.data._facility == request.resource.data.facilityId");
    expect(notesBlock).toContain("validUpdateMeta(true)");
    expect(notesBlock).toContain("allow delete: if false;");
    expect(generateFirestoreIndexes([notes])).toContain('"collectionGroup": "notes"');
  });

  it("gives each collection by its area, as the role document read per request says; users are created only by the Cloud Function", () => {
    const rules = generateFirestoreRules();
    const users = block(rules, "users");
    // A limited administrator reads only users limited to facilities among theirs; a list proves it by
    // the key of the user's facilities it asks for.
    expect(users).toContain("allow get: if mayRead('users') && mayGrant(resource.data.facilityIds);");
    expect(users).toContain("allow list: if mayRead('users') && mayGrantKey(resource.data._grantKey);");
    // An edit keeps the key in step with the facilities, and ends sessions only now (a deactivation must).
    expect(users).toContain("&& notOwnAccess() && userPrivateFields()");
    expect(users).toContain(
      "(resource.data.active != true || request.resource.data.active == true || request.resource.data.get('_sessionsFrom', null) == request.time)",
    );
    // Every rule's signed-in check refuses a session the users record has ended.
    expect(rules).toContain("return request.auth != null && activeUser(me());");
    expect(rules).toContain("u.get('mustChangePassword', false) != true && sessionLive(u);");
    expect(generateStorageRules()).toContain("u.active == true && sessionLive(u);");
    expect(users).toContain("allow create: if false;");
    // Their own record and role, also on a one-time password or once deactivated (sign-in must tell them).
    expect(users).toContain("allow get: if request.auth != null && id == request.auth.uid;");
    expect(block(rules, "roles")).toContain("allow get: if request.auth != null && id == me().role;");
    expect(block(rules, "roles")).toContain(
      "allow delete: if mayWrite('users') && groupWide() && id != 'administrator' && (id != me().role || holdsEverything()) && mayGive(resource.data);",
    );
    // A grant gives only what the caller holds: a role's permissions and actions, a user's role before and after.
    expect(block(rules, "roles")).toMatch(/allow create: if .* && mayGive\(request\.resource\.data\)/);
    expect(users).toContain("&& mayGive(get(/databases/$(database)/documents/roles/$(resource.data.role)).data)");
    // A resident's discharge, death, code status change, archive and move need the role's actions.
    // The update's conditions are one function of the record after (d) and before (r) the write, each field
    // read twice read once into a let.
    expect(block(rules, "residents")).toContain("&& actionsOnUpdate_residents(request.resource.data, resource.data)");
    expect(block(rules, "residents")).toContain("let v0 = d.get('status', null);");
    expect(block(rules, "residents")).toContain(
      "return mayDoAll(((v0 == 'discharged') != (v1 == 'discharged') || (v1 == 'discharged' && d.diff(r).affectedKeys().hasAny(['statusDate', 'statusReason', 'dischargeDate', 'archivedAt'])) ? ['discharge'] : [])",
    );
    expect(users).toMatch(/allow update: if mayWrite\('users'\)/);
    expect(block(rules, "diagnoses")).toContain(
      "allow get, list: if mayRead('medical') && mayFacility(resource.data._facility);",
    );
    expect(block(rules, "payments")).toMatch(/allow create: if mayWrite\('rent'\)/);
    // The role is read from the users and roles documents, never from token claims an hour old.
    expect(rules).toContain("get(/databases/$(database)/documents/users/$(request.auth.uid)).data");
    expect(rules).toContain(
      "get(/databases/$(database)/documents/roles/$(me().role)).data.permissions.get(area, 'none')",
    );
    // The token names who the caller is (an audit row's e-mail) and which session (its sign-in time, the
    // session kept when the others ended: it can only end access), never what they may do.
    const sessionClaims = (text: string) =>
      ["email", "auth_time", "get('keptSession'"].reduce(
        (t, claim) => t.replaceAll(`request.auth.token.${claim}`, ""),
        text,
      );
    expect(sessionClaims(rules)).not.toContain("request.auth.token");
    expect(sessionClaims(generateStorageRules())).not.toContain("request.auth.token");
  });

  it("keeps group-wide records to users who see every home, and nobody edits their own access", () => {
    const rules = generateFirestoreRules();
    for (const name of ["documentTypes", "roles"]) {
      const update = block(rules, name)
        .split("\n")
        .find((line) => line.includes("allow update:"));
      expect(update).toContain("groupWide()");
    }
    expect(block(rules, "users")).toContain("notOwnAccess()");
    expect(rules).toContain(
      "!request.resource.data.diff(resource.data).affectedKeys().hasAny(['role', 'facilityIds', 'active'])",
    );
  });

  it("shows a record's history to whoever may read the record", () => {
    const changes = block(generateFirestoreRules(), "recordChanges");
    expect(changes).toContain("(resource.data.collection == 'residents' && mayRead('residents'))");
    expect(changes).toContain("(resource.data.collection == 'staff' && mayRead('staff'))");
  });

  it("group-wide settings need an unrestricted administrator; a one-time password allows nothing", () => {
    const rules = generateFirestoreRules();
    expect(block(rules, "portalSettings")).toMatch(/allow update: if mayWrite\('users'\) && groupWide\(\)/);
    expect(block(rules, "portalSettings")).toContain("id == 'portal'");
    expect(rules).toContain("u.get('mustChangePassword', false) != true");
  });

  it("money is the server's: clients never write balances (nor change history), and charges are never negative", () => {
    const rules = generateFirestoreRules();
    for (const name of ["rentAccounts", "recordChanges"]) {
      const lines = block(rules, name).split("\n");
      expect(lines.filter((line) => line.trim().startsWith("allow ")).slice(1)).toEqual([
        "      allow create, update, delete: if false;",
      ]);
    }
    const charges = block(rules, "rentCharges");
    expect(charges).toContain("d.amountCents is int && d.amountCents >= 0 && d.amountCents <= 100000000000");
    for (const verb of ["create", "update"]) {
      expect(charges.split("\n").find((line) => line.includes(`allow ${verb}:`))).toContain(
        "&& valid_rentCharges(request.resource.data)",
      );
    }
    expect(block(rules, "auditLog")).toContain(
      "request.resource.data.action in ['view', 'export', 'file_download', 'transfer']",
    );
  });

  it("leaves a fee entry's create, and a change of what its check reads, to the writeCheckedRecord function", () => {
    const fees = block(generateFirestoreRules(), "referralFees");
    expect(allowLine(fees, "create")).toBe("      allow create: if false;");
    expect(allowLine(fees, "update")).toContain(
      "!request.resource.data.diff(resource.data).affectedKeys().hasAny(['referralId', 'agentId', 'facilityId', 'kind', 'date', 'amountCents', 'invoiceNumber'])",
    );
    // Collections without checked fields are created by the browser as before.
    expect(createRule(generateFirestoreRules(), "payments")).not.toBe("      allow create: if false;");
  });

  it("keeps a facility-limited admin from editing users beyond their facilities or widening them", () => {
    const rules = generateFirestoreRules();
    const update = block(rules, "users")
      .split("\n")
      .find((line) => line.includes("allow update:"));
    expect(update).toContain("mayGrant(resource.data.facilityIds) && mayGrant(request.resource.data.facilityIds)");
    expect(rules).toContain("facilityIds is list && facilityIds.hasOnly(me().facilityIds)");
    expect(block(rules, "facilities")).not.toContain("mayGrant");
  });

  it("checks a document's file against the document: its facility, type, size and subject", () => {
    const rules = generateFirestoreRules();
    const lines = block(rules, "documents").split("\n");
    const fileCheck =
      "linkedInFacility(/databases/$(database)/documents/files/$(request.resource.data.get('fileId', null)), ['contentType', 'size', 'subject'])";
    expect(lines.find((l) => l.includes("allow create:"))).toContain(fileCheck);
    const update = lines.find((l) => l.includes("allow update:"));
    expect(update).toContain("request.resource.data.get('fileId', null) == resource.data.get('fileId', null)");
    expect(update).toContain(`|| (${fileCheck} && `);
    expect(rules).toContain("let linked = getAfter(path);");
    expect(rules).toContain("linked.data._facility == request.resource.data._facility");
    expect(rules).toContain("!linked.data.diff(request.resource.data).affectedKeys().hasAny(fields)");
    expect(block(rules, "residents")).not.toContain("documents/files/");
  });

  it("reads and writes a person's documents and their files by the person's area (a staff member's: Staff)", () => {
    const rules = generateFirestoreRules();
    const documents = block(rules, "documents").split("\n");
    const read = (value: string, level: string) =>
      `(${value} == 'resident' ? level('residents') ${level} : (${value} == 'staff' ? level('staff') ${level} : (${value} == 'agent' ? level('referrals') ${level} : true)))`;
    const anyLevel = "in ['read', 'write']";
    expect(documents.find((l) => l.includes("allow get, list:"))).toContain(
      `mayRead('documents') && ${read("resource.data.subject", anyLevel)}`,
    );
    expect(documents.find((l) => l.includes("allow create:"))).toContain(
      `mayWrite('documents') && ${read("request.resource.data.subject", "== 'write'")}`,
    );
    // An update needs write on the stored subject's area and keeps the subject.
    expect(documents.find((l) => l.includes("allow update:"))).toContain(
      `${read("resource.data.subject", "== 'write'")} && request.resource.data.subject == resource.data.subject`,
    );
    // A file is read by the subject it took from the document first naming it; unnamed, by its home alone.
    expect(block(rules, "files")).toContain(
      `mayFacility(resource.data._facility) && ${read("resource.data.get('subject', null)", anyLevel)};`,
    );
    expect(generateStorageRules()).toContain(`&& ${read("describedOrEmpty(fileId).get('subject', null)", anyLevel)};`);
  });

  it("keeps a file a document names for good, and lets only its uploader or an administrator remove one", () => {
    const rules = generateFirestoreRules();
    const files = block(rules, "files").split("\n");
    const at = (verb: string) => files.findIndex((l) => l.includes(`allow ${verb}:`));
    const rule = (verb: string) =>
      files.slice(at(verb), files.findIndex((l, i) => i >= at(verb) && l.endsWith(";")) + 1).join("\n");
    const mayRemove = files.slice(files.findIndex((l) => l.includes("function mayRemoveFile()"))).join("\n");
    // Removal: the uploader or the Administrator role (not any user with Documents write), never once named,
    // and only once the caller has marked it as theirs to remove (the audit row's author).
    expect(rule("delete")).toContain("mayFacility(resource.data._facility) && mayRemoveFile()");
    expect(rule("delete")).toContain("&& resource.data.get('_removedBy', null) == request.auth.uid;");
    expect(mayRemove).toContain("&& (resource.data.createdBy == request.auth.uid || me().role == 'administrator')");
    expect(mayRemove).toContain("&& resource.data.get('inUse', false) != true;");
    expect(rule("delete")).not.toContain("mayWrite('documents')");
    // A description changes only to gain the mark, by a writer of documents in its home, or, once in use,
    // to follow its document to another home of the writer's, its bytes' folder named and kept; or to name
    // its remover, the caller, who may remove it.
    expect(rule("update")).toContain("allow update: if mayFacility(resource.data._facility)");
    expect(rule("update")).toContain(
      "&& ((mayWrite('documents') && (resource.data.get('subject', null) == null || request.resource.data.get('subject', null) == resource.data.subject) && ((request.resource.data.diff(resource.data).affectedKeys().hasOnly(['inUse', 'subject']) && request.resource.data.inUse == true)",
    );
    expect(rule("update")).toContain(
      "|| (mayRemoveFile() && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['_removedBy'])",
    );
    expect(rule("update")).toContain("&& request.resource.data._removedBy == request.auth.uid));");
    expect(rule("update")).toContain(
      "|| (resource.data.get('inUse', false) == true && resource.data.facilityId != null && request.resource.data.facilityId is string",
    );
    expect(rule("update")).toContain(
      "request.resource.data.diff(resource.data).affectedKeys().hasOnly(['facilityId', '_facility', '_folder', 'subject'])",
    );
    expect(rule("update")).toContain(
      "&& request.resource.data._facility == request.resource.data.facilityId && mayFacility(request.resource.data._facility)",
    );
    expect(rule("update")).toContain(
      "&& request.resource.data.get('_folder', null) == resource.data.get('_folder', resource.data.facilityId))))",
    );
    // A document naming a file anew requires the mark in the same commit.
    const marked =
      "fileMarkedInUse(/databases/$(database)/documents/files/$(request.resource.data.get('fileId', null)))";
    expect(createRule(rules, "documents")).toContain(marked);
    expect(
      block(rules, "documents")
        .split("\n")
        .find((l) => l.includes("allow update:")),
    ).toContain(marked);
    expect(rules).toContain("return getAfter(path).data.get('inUse', false) == true;");
    expect(block(rules, "residents")).not.toContain("fileMarkedInUse");
    // Bytes are never replaced, and go only after their description.
    const storage = generateStorageRules();
    expect(storage).toContain("allow update: if false;");
    expect(storage).toContain(
      "allow delete: if mayRead('documents') && mayFolder(folder)\n        && !firestore.exists(/databases/(default)/documents/files/$(fileId));",
    );
    expect(storage).not.toContain("|| mayWrite('documents')");
  });

  it("lets a rent charge or a reminder state be created only under the id derived from its fields (rent accounts are the server's)", () => {
    const rules = generateFirestoreRules();
    const create = (name: string) => createRule(rules, name);
    expect(create("rentCharges")).toContain(
      'id == "rent-" + request.resource.data.residentId + "-" + request.resource.data.month',
    );
    // An extra charge or a credit has no derived id: it takes a random one, never a month's rent id of
    // another home's resident (which would block that month's rent there).
    expect(create("rentCharges")).toContain(
      `(request.resource.data.get("kind", "rent") != "rent" && (id.matches('[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}') || id.matches('[A-Za-z0-9]{20}')))`,
    );
    expect(create("rentCharges")).not.toContain('.kind != "rent" ||');
    expect(block(rules, "rentAccounts")).toMatch(/allow create, update, delete: if false|allow write: if false/);
    // A reminder state's id is the SHA-256 of its home and key (reminderStateId), which rules compute:
    // a home can only ever create its own states' ids, never the id of another home's state.
    expect(create("reminderStates")).toContain(
      ' && id == hashing.sha256(request.resource.data.facilityId + "|" + request.resource.data.key).toHexString().lower()',
    );
    expect(block(rules, "reminderStates")).toMatch(/allow update: if (?:(?!id ==).)*;\n/);
  });

  it("keeps every write's document reads within Firestore's limit of 10, and says how many each makes", () => {
    for (const def of Object.values(collections) as CollectionDef[])
      expect(ROLE_READS + linkReads(def), def.name).toBeLessThanOrEqual(MAX_RULE_READS);
    // A document: its file, its subject, its type and the version it replaces.
    expect(linkReads(collections.documents)).toBe(4);
    // A reminder state: its facility, and a missing document's subject and type (the other kinds read one).
    expect(linkReads(collections.reminderStates)).toBe(3);
    expect(linkReads(collections.vitals)).toBe(1);
    const rules = generateFirestoreRules();
    expect(rules).toContain(
      "// Document: read documents, write documents, scope facility, removal archive; a write reads at most 6 documents.",
    );
    expect(rules).toContain("removal delete; a write reads at most 5 documents.\n    match /reminderStates/{id}");
  });

  it("takes only a random id for a new record of a home whose id the client chooses (a resident), none for slugs", () => {
    const rules = generateFirestoreRules();
    const create = (name: string) => createRule(rules, name);
    expect(create("residents")).toContain(
      "(id.matches('[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}') || id.matches('[A-Za-z0-9]{20}'))",
    );
    // A facility's slug is group-wide configuration, chosen on purpose.
    expect(create("facilities")).not.toContain("id.matches");
  });

  it("takes a transfer's event at the old home for the resident it moves away in the same commit", () => {
    const create = createRule(generateFirestoreRules(), "residentEvents");
    expect(create).toContain(
      "|| (request.resource.data.type == 'transfer_out' && get(/databases/$(database)/documents/residents/$(request.resource.data.get('residentId', null))).data._facility == request.resource.data._facility))",
    );
  });

  it("checks every declared link: same facility by getAfter(), group-wide by existsAfter()", () => {
    const rules = generateFirestoreRules();
    const create = (name: string) => createRule(rules, name);
    expect(create("vitals")).toContain(
      "linkedInFacility(/databases/$(database)/documents/residents/$(request.resource.data.get('residentId', null)), [])",
    );
    expect(create("residents")).toContain("documents/facilities/$(request.resource.data.get('facilityId', null))");
    expect(create("documents")).toContain(
      "(request.resource.data.get('subject', null) == 'staff' ? linkedWorksAt(/databases/$(database)/documents/staff/",
    );
    expect(create("documents")).toContain(
      "existsAfter(/databases/$(database)/documents/documentTypes/$(request.resource.data.get('typeId', null)))",
    );
    // An optional link names nothing when absent; a reminder linked to a facility is not checked.
    expect(create("reminders")).toContain("request.resource.data.get('linkId', null) == null");
    // A link by a field's value reads the one target that value names, none for another value.
    expect(create("reminders")).toContain(
      "(request.resource.data.get('linkType', null) == 'staff' ? linkedWorksAt(/databases/$(database)/documents/staff/$(request.resource.data.get('linkId', null)), []) : true)",
    );
    // A reminder state's key, part by part.
    expect(create("reminderStates")).toContain(
      "request.resource.data.key.split('[|]')[0] != 'rent' || request.resource.data.key.split('[|]').size() <= 1",
    );
    expect(block(rules, "facilities")).not.toContain("linkedInFacility");
  });

  it("requires every time a client writes to be the server's time of the write (request.time)", () => {
    const rules = generateFirestoreRules();
    const fn = (name: string) =>
      rules.slice(rules.indexOf(`function ${name}(`), rules.indexOf("\n    }", rules.indexOf(`function ${name}(`)));
    expect(fn("validCreateMeta")).toContain(
      "d.createdAt == request.time && d.updatedAt == request.time && d.archivedAt == null",
    );
    expect(fn("validUpdateMeta")).toContain("d.createdAt == old.createdAt");
    expect(fn("validUpdateMeta")).toContain("d.updatedAt == request.time");
    expect(fn("validUpdateMeta")).toContain("(mayArchive && old.archivedAt == null && d.archivedAt == request.time)");
    // A file's upload time too; no time is taken from the browser as a string any more.
    expect(block(rules, "files")).toContain("request.resource.data.createdAt == request.time");
    expect(rules).not.toContain("isoTimestamp");
    expect(rules).not.toContain("d.archivedAt == d.updatedAt");
  });

  it("lets a client append an audit row only as its account, at the server's time, of a known action and collection, within the limits", () => {
    const rule = createRule(generateFirestoreRules(), "auditLog")!;
    for (const check of [
      "request.resource.data.action in ['view', 'export', 'file_download', 'transfer']",
      "request.resource.data.collection in ['facilities', 'roles', 'users', 'auditLog', 'residents',",
      "'portalSettings', 'files']",
      "request.resource.data.actorId == request.auth.uid",
      "request.resource.data.actorEmail == request.auth.token.email",
      "request.resource.data.at == request.time",
      "request.resource.data.ip == null",
      "(request.resource.data.recordId == null || (request.resource.data.recordId is string && request.resource.data.recordId.size() <= 64))",
      "validCreateMeta()",
      "valid_auditLog(request.resource.data)",
    ])
      expect(rule).toContain(check);
    // The row's other fields as their schema says; its time is the server's, not an ISO string.
    const audit = block(generateFirestoreRules(), "auditLog");
    expect(audit).toContain("(d.get('summary', null) == null || (d.summary is string && d.summary.size() <= 2000))");
    expect(audit).not.toContain("d.at ");
    // Changes, sign-ins and user administration are the functions' rows, never a client's.
    expect(rule).not.toMatch(/'(create|update|archive|remove|login|user_create)'/);
    expect(block(generateFirestoreRules(), "auditLog")).toContain("allow update, delete: if false;");
  });

  it("keeps group-wide files and an agent's documents to users of every home, in Firestore and Storage", () => {
    const rules = generateFirestoreRules();
    const documents = block(rules, "documents");
    const subjectHome =
      " && ((request.resource.data.subject in ['resident', 'staff', 'facility']) == (request.resource.data.facilityId != null))";
    for (const verb of ["create", "update"])
      expect(documents.split("\n").find((l) => l.includes(`allow ${verb}:`))).toContain(subjectHome);
    // A group-wide record's facility is null, which only a user of every home may write or read.
    expect(rules).toContain("return mine == null || (facilityId != null && facilityId in mine);");
    expect(documents).toContain(
      "request.resource.data._facility == request.resource.data.facilityId && mayFacility(request.resource.data._facility)",
    );
    expect(block(rules, "files")).toContain(
      "&& request.resource.data._facility == request.resource.data.facilityId && mayFacility(request.resource.data._facility);",
    );
    const storage = generateStorageRules();
    expect(storage).toContain("return me().facilityIds == null || (folder != '_group' && folder in me().facilityIds);");
    // Bytes are read by their file's home (its description's), which a transfer may have changed.
    expect(storage).toContain(
      "allow get: if mayRead('documents') && mayHome(description(fileId).get('facilityId', null))\n",
    );
    expect(storage).toContain(
      "return me().facilityIds == null || (facilityId != null && facilityId in me().facilityIds);",
    );
    expect(storage).toContain("allow create: if mayWrite('documents') && mayFolder(folder)");
    expect(storage).toContain("allow delete: if mayRead('documents') && mayFolder(folder)");
    // Other collections have no subject to check.
    expect(block(rules, "reminders")).not.toContain("request.resource.data.subject in");
  });

  it("lets a writer read a free id before creating a record under it, of any home; a list still needs the home", () => {
    const rules = generateFirestoreRules();
    const line = (name: string, verb: string) =>
      block(rules, name)
        .split("\n")
        .find((l) => l.trimStart().startsWith(`allow ${verb}`));
    for (const name of ["residents", "rentCharges", "reminderStates", "facilities"]) {
      // Reading `resource.data` of a missing document is an error, which denied the create's pre-read.
      expect(line(name, "get:"), name).toContain("(resource == null || (mayFacility(resource.data._facility)))");
      expect(line(name, "list:"), name).toContain(" && mayFacility(resource.data._facility)");
      expect(line(name, "list:"), name).not.toContain("resource == null");
    }
    // Ids the adapter makes itself: nothing is read first, so nothing changes.
    expect(line("documents", "get, list:")).toContain(" && mayFacility(resource.data._facility)");
    // Written only by Functions: no client creates one.
    expect(line("rentAccounts", "get, list:")).toContain(" && mayFacility(resource.data._facility)");
  });

  it("limits facility-scoped records to the user's facilities and checks the version step", () => {
    const rules = generateFirestoreRules();
    expect(block(rules, "facilities")).toContain("request.resource.data._facility == id");
    expect(rules).toContain("d.version == old.version + 1");
    expect(rules).toContain("d._writtenAt == request.time");
  });

  it("keeps the audit log append-only, clients appending only as themselves", () => {
    const audit = block(generateFirestoreRules(), "auditLog");
    expect(audit).toContain("allow update, delete: if false;");
    expect(audit).toContain("request.resource.data.actorId == request.auth.uid");
    expect(audit).toContain("allow get, list: if mayRead('audit')");
  });

  it("allows no client to change or remove an audit row, nor to append anything but its own views, exports, downloads and transfers", () => {
    const rules = generateFirestoreRules();
    const audit = block(rules, "auditLog");
    const allows = audit.split("\n").filter((line) => line.trim().startsWith("allow "));
    expect(allows.map((line) => line.trim().split(":")[0])).toEqual([
      "allow get, list",
      "allow create",
      "allow update, delete",
    ]);
    expect(allows[2]!.trim()).toBe("allow update, delete: if false;");
    expect(allows[1]).toContain("request.resource.data.action in ['view', 'export', 'file_download', 'transfer']");
    // No other block (a recursive wildcard) can grant what the auditLog block refuses.
    expect(rules).not.toMatch(/match \/\{[^}]*=\*\*\}/);
    expect(rules.match(/match \/auditLog\//g)).toHaveLength(1);
  });

  it("keeps the composite indexes within Firestore's default limit of 200", () => {
    const { indexes } = JSON.parse(generateFirestoreIndexes()) as { indexes: unknown[] };
    expect(indexes.length).toBeLessThanOrEqual(200);
  });

  it("serves every filter and sort combination the registry allows, by an index or without one", () => {
    const { indexes } = JSON.parse(generateFirestoreIndexes()) as {
      indexes: { collectionGroup: string; fields: { fieldPath: string; order?: string }[] }[];
    };
    const has = (group: string, filter: string, sort: string, order: string) =>
      indexes.some(
        (i) =>
          i.collectionGroup === group &&
          i.fields[0]?.fieldPath === filter &&
          i.fields[1]?.fieldPath === sort &&
          i.fields[1]?.order === order &&
          i.fields[2]?.fieldPath === "__name__" &&
          i.fields[2]?.order === order,
      );
    let checked = 0;
    for (const def of Object.values(collections)) {
      // The stored equality filters a list can carry, as the adapter issues them.
      // A collection shown in further homes filters all its homes (`_facilities`) instead of `_facility`.
      const homes = facilitiesField(def) ?? "_facility";
      const optional = [
        ...new Set([
          ...def.filterable.map((f) => storedFilterField(def, f)).map((f) => (f === "_facility" ? homes : f)),
          ...(def.scope.kind === "global" ? [] : [homes]),
          ...(def.searchable.length > 0 ? ["_search"] : []),
        ]),
      ];
      for (const sort of [...def.sortable, ...META_SORT_FIELDS]) {
        for (const order of ["ASCENDING", "DESCENDING"]) {
          for (let mask = 0; mask < 1 << optional.length; mask++) {
            // Live records only (archivedAt == null): asked of the collections that archive.
            for (const live of def.removal === "archive" ? [true, false] : [false]) {
              const filters = [...optional.filter((_, i) => mask & (1 << i)), ...(live ? ["archivedAt"] : [])];
              const indexed = filters.filter((f) => f !== sort);
              checked++;
              // No filter but the sort key: the automatic single-field index; the others the adapter orders itself.
              if (indexed.length === 0 || ordersInMemory(def, indexed, sort)) continue;
              // Several equality filters: Firestore merges the indexes sharing the sort suffix.
              for (const filter of indexed)
                expect(has(def.name, filter, sort, order), `${def.name}: ${filter} then ${sort} ${order}`).toBe(true);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("folds the facility filter into _facility and leaves meta sorts to the adapter", () => {
    const json = generateFirestoreIndexes([collections.residents]);
    expect(json).not.toContain('"fieldPath": "facilityId"');
    expect(json).not.toContain('"fieldPath": "createdAt"');
    expect(json).toContain('"fieldPath": "_facility"');
  });

  it("lets a facility-limited user append a view row naming one of their facilities or none", () => {
    const create = block(generateFirestoreRules(), "auditLog")
      .split("\n")
      .find((line) => line.includes("allow create:"));
    expect(create).toContain("request.resource.data._facility == request.resource.data.facilityId");
    expect(create).toContain(
      "(request.resource.data._facility == null || mayFacility(request.resource.data._facility))",
    );
  });

  it("keeps the monthly rate out of resident documents, in residents__rent for rent readers only", () => {
    const rules = generateFirestoreRules();
    // Every reader of a resident document would read the rate: a write carrying it is refused.
    expect(block(rules, "residents")).not.toContain("monthlyRateCents");
    const allows = block(rules, "residents__rent")
      .split("\n")
      .filter((line) => line.trim().startsWith("allow "));
    const rule = (verb: string) => allows.find((line) => line.trim().startsWith(`allow ${verb}:`)) ?? "";
    expect(rule("list")).toContain(
      "allow list: if mayRead('residents') && mayRead('rent') && mayFacility(resource.data._facility);",
    );
    // A transaction reads a resident's rate before its first write: a missing document may be asked for.
    expect(rule("get")).toContain("(resource == null || mayFacility(resource.data._facility))");
    for (const verb of ["create", "update"]) {
      expect(rule(verb)).toMatch(/^ *allow \w+: if mayWrite\('residents'\)/);
      expect(rule(verb)).toContain(
        "request.resource.data.keys().hasOnly(['monthlyRateCents', '_id', '_facility', '_writtenAt'])",
      );
      // Written with the resident in the same request, in the resident's facility.
      expect(rule(verb)).toContain(
        "getAfter(/databases/$(database)/documents/residents/$(id)).data._writtenAt == request.time",
      );
      expect(rule(verb)).toContain(
        "request.resource.data._facility == getAfter(/databases/$(database)/documents/residents/$(id)).data._facility",
      );
      expect(rule(verb)).toContain("mayWrite('rent') || ");
    }
    // Without rent, a writer of residents only carries the facility along (a transfer).
    expect(rule("create")).toContain("request.resource.data.keys().hasOnly(['_id', '_facility', '_writtenAt'])");
    expect(rule("update")).toContain(
      "!request.resource.data.diff(resource.data).affectedKeys().hasAny(['monthlyRateCents'])",
    );
    expect(rule("delete")).toContain("allow delete: if false;");
  });

  it("gives every area of a collection's restricted fields its own collection, removed with the record", () => {
    const notes = testCollection({
      name: "notes",
      schema: z.object({
        facilityId: z.string(),
        text: z.string(),
        feeCents: z.number().min(0),
        diagnosis: z.string(),
      }),
      scope: { kind: "facility", field: "facilityId" },
      access: { read: "residents", write: "residents" },
      filterable: ["facilityId"],
      restrictedFields: { feeCents: "rent", diagnosis: "medical" },
    });
    const rules = generateFirestoreRules([notes]);
    expect(block(rules, "notes")).not.toMatch(/feeCents|diagnosis/);
    const fees = block(rules, "notes__rent");
    expect(fees).toContain("allow list: if mayRead('residents') && mayRead('rent')");
    // A transfer by a writer without the area creates the document with its facility alone: no field is required.
    expect(fees).toContain("return (d.get('feeCents', null) == null || (d.feeCents is number && d.feeCents >= 0));");
    expect(fees).toContain("&& valid_notes__rent(request.resource.data) && (mayWrite('rent') || ");
    expect(fees).toContain(
      "allow delete: if mayWrite('residents') && (resource == null || mayFacility(resource.data._facility)) && !existsAfter(/databases/$(database)/documents/notes/$(id));",
    );
    expect(block(rules, "notes__medical")).toContain("hasOnly(['diagnosis', '_id', '_facility', '_writtenAt'])");
  });

  it("checks each field of a written record as its schema says, on create and update", () => {
    const rules = generateFirestoreRules();
    const residents = block(rules, "residents");
    for (const verb of ["create", "update"])
      expect(allowLine(residents, verb)).toContain("&& valid_residents(request.resource.data)");
    for (const check of [
      "d.firstName is string && d.firstName.size() >= 1 && d.firstName.size() <= 60",
      "(d.get('notes', null) == null || (d.notes is string && d.notes.size() <= 5000))",
      "d.status in ['active', 'on_leave', 'hospital', 'discharged', 'deceased']",
      "d.dateOfBirth.matches('[0-9]{4}-[0-9]{2}-[0-9]{2}')",
      "d.dementia is bool",
      // A string its pattern checks needs no `is string`: `matches` on another value refuses the write.
      "d.facilityId.matches('[A-Za-z0-9_-]{1,64}')",
      // Emergency contacts are stored packed (packed-lists.ts): the whole list checked at once.
      "d.emergencyContacts is list && d.emergencyContacts.size() <= 10 && packed_residents_emergencyContacts(d.emergencyContacts)",
      "function packed_residents_emergencyContacts(v) {",
      // Search tokens cannot be recomputed by rules: bounded in number and size.
      "d._search is list && d._search.size() <= 1500 && d._search.join('|').matches('([^|]{1,3}([|][^|]{1,3})*)?')",
    ])
      expect(residents).toContain(check);
    // What rules cannot check is said above the function.
    expect(residents).toContain("not checked here: refinement across fields, dateOfBirth: refinement");
    // The monthly rate is checked in its own document.
    expect(block(rules, "residents__rent")).toContain("d.monthlyRateCents is int && d.monthlyRateCents >= 0");
    expect(allowLine(block(rules, "users"), "update")).toContain("&& valid_users(request.resource.data)");
    // Documents only the server writes take no client write to check.
    for (const name of ["rentAccounts", "recordChanges"]) expect(block(rules, name)).not.toContain("function valid_");
  });

  it("stays well within Firestore's 256 KB of rules source", () => {
    expect(generateFirestoreRules().length).toBeLessThan(160 * 1024);
  });

  it("enforces the upload size and types in storage.rules", () => {
    const storage = generateStorageRules();
    expect(storage).toContain(`request.resource.size <= ${20 * 1024 * 1024}`);
    expect(storage).toContain("'application/pdf'");
    expect(storage).toContain("allow update: if false;");
  });
});
