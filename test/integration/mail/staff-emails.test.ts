import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteStaffMember } from "@/lib/staff/invite-staff-member";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../../support/database";
import { startMailWorker, type MailWorker } from "../../support/mail-worker";
import { everyStoredRow } from "../../support/staff-mail";
import { testStaffLinkBox } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * Staff e-mails (invitations) through the guest e-mails' path: the job queue's real worker,
 * nodemailer and a real SMTP server, which goes down and comes back. The link's token is
 * never in the database in plain text, and its sealed copy goes once the e-mail has gone.
 */
const database = setupTestDatabase();
let mail: MailWorker;

beforeAll(async () => {
  mail = await startMailWorker(database(), { schedule: Array(10).fill(300), refuseRefused: true, from: "Room Booking <team@hotel.test>" });
});

afterAll(() => mail?.stop());

async function inviteTo(email: string) {
  const { property } = await seedProperty(database().db, { name: "Mail Path Hotel" });
  const admin = await seedStaff(database().db, property.id, { email: `admin@${property.slug}.test`, role: "admin" });
  const { invitationId } = await inviteStaffMember(database().db, { propertyId: property.id, email, role: "viewer", actor: { staffId: admin.id, label: admin.email }, linkBox: testStaffLinkBox });
  const row = await database().db.staffEmail.findFirstOrThrow({ where: { invitationId } });
  return { emailId: row.id, token: testStaffLinkBox.open(row.sealedToken!) };
}

const mailTo = (email: string) => mail.mailTo(email);

describe("staff e-mails", () => {
  it("sends the invitation through the queue and SMTP with its link; the token is stored nowhere, sealed only until sent", async () => {
    const { emailId, token } = await inviteTo("colleague@staff.test");
    const [message] = await waitFor(() => mailTo("colleague@staff.test").length === 1 && mailTo("colleague@staff.test"));
    expect(message!.subject).toBe(`admin@mail-path-hotel.test invited you to join Mail Path Hotel`);
    expect(message!.from?.value).toEqual([{ name: "Mail Path Hotel", address: "team@hotel.test" }]);
    expect(message!.text).toContain(`https://panel.test/join/${token}`);
    await waitFor(() => database().db.staffEmail.findFirst({ where: { id: emailId, status: "succeeded", sealedToken: null } }), { what: "the e-mail recorded as sent" });
    expect(await everyStoredRow(database().db)).not.toContain(token);
  });

  it("waits out a mail server that is down, keeping the token sealed, and sends when it is back", async () => {
    await mail.stopSmtp();
    const { emailId, token } = await inviteTo("patient@staff.test");
    const failing = await waitFor(() => database().db.staffEmail.findFirst({ where: { id: emailId, attempts: { gte: 2 } } }), { what: "failed attempts" });
    expect(failing).toMatchObject({ status: "pending", lastError: expect.stringMatching(/^failed: /) });
    expect(failing.sealedToken).toMatch(/^v1\./);
    expect(await everyStoredRow(database().db)).not.toContain(token);
    await mail.startSmtp();
    const [message] = await waitFor(() => mailTo("patient@staff.test").length === 1 && mailTo("patient@staff.test"), { what: "the late e-mail" });
    expect(message!.text).toContain(`/join/${token}`);
    await waitFor(() => database().db.staffEmail.findFirst({ where: { id: emailId, status: "succeeded", sealedToken: null } }), { what: "the success recorded" });
  });

  it("does not retry a refusal for good (SMTP 5xx), and erases the sealed token", async () => {
    const { emailId } = await inviteTo("refused@staff.test");
    const refused = await waitFor(() => database().db.staffEmail.findFirst({ where: { id: emailId, status: "failed" } }));
    expect(refused).toMatchObject({ attempts: 1, sealedToken: null, lastError: expect.stringMatching(/^refused: .*550/) });
  });
});
