/** Title and subtitle of the blog list (docs/product.md §2). */
export function BlogHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="mx-auto mb-12 max-w-3xl text-center lg:mb-16">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{subtitle}</p>
    </header>
  );
}
