/**
 * The form of a page opened from an e-mail's link (accepting an invitation, choosing a new
 * password): the link's token, the refusal above the fields, or, once the link has stopped
 * working, only the page's one message for that.
 */
export function LinkPageForm(props: {
  token: string;
  state: { error?: string; invalid?: boolean };
  invalidMessage: string;
  action: (form: FormData) => void;
  children: React.ReactNode;
}) {
  if (props.state.invalid) return <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">{props.invalidMessage}</p>;
  return (
    <form action={props.action} className="mt-6 space-y-5" noValidate>
      <input type="hidden" name="token" value={props.token} />
      {props.state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{props.state.error}</p>}
      {props.children}
    </form>
  );
}
