import type { Metadata } from "next";
import QRCode from "qrcode";
import { PasskeysSection } from "@/components/panel/passkeys-section";
import { TwoStepCodesOn, TwoStepCodesSetup } from "@/components/panel/two-step-codes-section";
import { formatInstant } from "@/lib/dates/format-instant";
import { getDb } from "@/lib/db";
import { listPasskeys } from "@/lib/staff/passkeys";
import { mustSetUpSecondFactor } from "@/lib/staff/two-step-requirement";
import { pendingTwoStepSetup, unusedRecoveryCodes } from "@/lib/staff/two-step-codes";
import { openProperty, requireStaff, totpSecretBox } from "../../../_lib/panel-session";
import { addPasskeyAction, confirmCodesAction, passkeyOptionsAction, removePasskeyAction, renewRecoveryCodesAction, startCodesAction, turnOffCodesAction } from "./actions";

export const metadata: Metadata = { title: "Sign-in security" };

/** Account › Sign-in security: the member's passkeys and two-step codes (the page a member must use first when their team requires one). */
export default async function SignInSecurityPage() {
  const staff = await requireStaff();
  const db = getDb();
  const timeZone = staff.memberships.length ? (await openProperty(staff)).propertyTimezone : "UTC";
  const [passkeys, user] = await Promise.all([
    listPasskeys(db, staff.staffUserId),
    db.staffUser.findUniqueOrThrow({ where: { id: staff.staffUserId }, select: { totpSecret: true } }),
  ]);
  const codesOn = user.totpSecret !== null;
  const setup = codesOn ? null : await pendingTwoStepSetup(db, { staffUserId: staff.staffUserId, box: totpSecretBox() });
  const at = (instant: Date) => formatInstant(instant, timeZone);
  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl text-brand-900">Sign-in security</h1>
      {mustSetUpSecondFactor(staff.twoStep) && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your team requires two-step sign-in. Add a passkey or turn on two-step codes below: the rest of the panel opens once you have.
        </p>
      )}
      <p className="text-sm text-stone-700">
        A password alone opens the panel only while you have neither a passkey nor codes. Once you have one, signing in takes your password and a code, or a passkey alone.
      </p>

      <section aria-labelledby="passkeys" className="space-y-3">
        <h2 id="passkeys" className="font-serif text-xl text-brand-900">Passkeys</h2>
        <p className="text-sm text-stone-700">
          A passkey signs you in with this device&apos;s screen lock (fingerprint, face, PIN) or a security key, without typing your e-mail or password. Add one on each computer you use, or a security key for a shared front desk.
        </p>
        <PasskeysSection
          passkeys={passkeys.map((passkey) => ({ id: passkey.id, name: passkey.name, created: at(passkey.createdAt), lastUsed: passkey.lastUsedAt ? at(passkey.lastUsedAt) : "never", synced: passkey.synced }))}
          remove={removePasskeyAction}
          getOptions={passkeyOptionsAction}
          add={addPasskeyAction}
        />
      </section>

      <section aria-labelledby="two-step" className="space-y-3">
        <h2 id="two-step" className="font-serif text-xl text-brand-900">Two-step sign-in</h2>
        {codesOn ? (
          <TwoStepCodesOn unusedRecoveryCodes={await unusedRecoveryCodes(db, staff.staffUserId)} renew={renewRecoveryCodesAction} turnOff={turnOffCodesAction} />
        ) : setup ? (
          <TwoStepCodesSetup qrCode={await QRCode.toDataURL(setup.otpauthUri, { margin: 1, width: 192 })} secret={setup.secret} confirm={confirmCodesAction} />
        ) : (
          <form action={startCodesAction}>
            <p className="mb-3 text-sm text-stone-700">After your password, a six-digit code from an authenticator app on your phone; ten recovery codes for when the phone is away.</p>
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900">Set up two-step codes</button>
          </form>
        )}
      </section>
    </div>
  );
}
