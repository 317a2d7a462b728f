import { useEffect } from 'react';

interface PageMetaProps {
  title: string;
  description: string;
}

/**
 * Per-page title, description and Open Graph tags. React 19 hoists these into the head. The
 * description in index.html is for clients that never run JavaScript; while a page supplies its
 * own it steps aside, so crawlers that do run JavaScript see exactly one description.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  useEffect(() => {
    const fallback = document.head.querySelector('meta[name="description"][data-fallback]');
    fallback?.remove();
    return () => {
      if (fallback) document.head.append(fallback);
    };
  }, []);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
    </>
  );
}
