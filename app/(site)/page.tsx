export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-4xl flex-col justify-center gap-6 px-6 py-16">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Lisbon · on the river</p>
      <h1 className="font-serif text-5xl text-brand-900">Harbour View Hotel</h1>
      <p className="max-w-2xl text-lg text-stone-700">
        Rooms over the Tagus, a short walk from the old town. Online booking opens here soon.
      </p>
      <nav aria-label="For partners and staff" className="flex flex-wrap gap-4 text-sm">
        <a className="text-brand-700 underline" href="/docs">
          Partner API
        </a>
        <a className="text-brand-700 underline" href="/login">
          Staff sign-in
        </a>
      </nav>
    </main>
  );
}
