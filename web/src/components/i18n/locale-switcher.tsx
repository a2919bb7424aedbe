import { useEffect, useRef } from 'react';
import type { ScreenLocales, TranslationStatus } from '../../lib/locales';
import { localeLabel } from '../../lib/locales';
import { Link } from '../../router/link';
import { useRouter } from '../../router/router';
import type { Route } from '../../router/routes';

interface LocaleSwitcherProps {
  locales: ScreenLocales;
  /** The same screen in `locale` (the default locale's address carries no `?locale=`). */
  routeOf(locale: string | undefined): Route;
  /** On an item: each locale's translation status, when it needs work. */
  statuses?: ReadonlyMap<string, TranslationStatus>;
}

/**
 * The locales of a translated collection as links: the list or item in another locale is one
 * click, and a copied address keeps the locale. The current one is marked for screen readers too.
 * An item opened from the translation board for a missing translation (`?translate=fr`) has that
 * locale's link marked and focused: the next step is there.
 */
export function LocaleSwitcher({ locales, routeOf, statuses }: LocaleSwitcherProps) {
  const { route } = useRouter();
  const wanted = route.name === 'item' ? route.translate : undefined;
  const focused = useRef<HTMLLIElement>(null);
  useEffect(() => {
    focused.current?.querySelector('a')?.focus();
  }, [wanted]);
  return (
    <nav className="locale-switcher" aria-label="Locales">
      <ul>
        {locales.locales.map((locale) => (
          <li key={locale} ref={locale === wanted ? focused : undefined}>
            <Link
              to={routeOf(locale === locales.default ? undefined : locale)}
              className={[
                'locale-link',
                locale === locales.current && 'current',
                locale === wanted && 'wanted',
              ]
                .filter(Boolean)
                .join(' ')}
              aria-current={locale === locales.current ? 'page' : undefined}
              hrefLang={locale}
            >
              {localeLabel(locale)}
              {locale === locales.default && <span className="muted small"> · default</span>}
              {statuses?.get(locale) && (
                <span className="badge badge-problem locale-status"> {statuses.get(locale)}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
