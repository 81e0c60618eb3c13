/** A panel form's answer: its refusal (an alert) or what it did (a status line). */
export function FormStatus({ error, done }: { error?: string; done?: string }) {
  return (
    <>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {done && <p role="status" className="text-sm text-green-800">{done}</p>}
    </>
  );
}
