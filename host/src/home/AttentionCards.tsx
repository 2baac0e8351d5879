import { Link } from 'react-router';
import type { HomeAttention } from 'contracts/home';
import { HOME_CARDS } from 'contracts/home';
import { Badge, formatCount } from 'kit';
import { CARD_LINKS, type Viewer } from './home.cards';

/** Props of {@link AttentionCards}. */
export interface AttentionCardsProps {
  attention: HomeAttention;
  viewer: Viewer;
}

/**
 * The home's cards: each card the API counted (only those whose screen the user may open), in
 * the home's order, its heading a link to the screen that acts on them all, its count, and its
 * most urgent items, each a link to its own screen.
 */
export function AttentionCards({ attention, viewer }: AttentionCardsProps) {
  const now = new Date(attention.asOf);
  const cards = HOME_CARDS.flatMap((declared) => {
    const counted = attention.cards.find((card) => card.id === declared.id);
    const links = CARD_LINKS[declared.id];
    return counted && links && counted.count > 0 ? [{ ...counted, title: declared.title, links }] : [];
  });
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="attention-heading" className="mt-8">
      <h2 id="attention-heading" className="text-lg font-semibold text-slate-900">
        Needs your attention
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.id} className="min-w-0 rounded-md border border-slate-200 bg-white shadow-xs" aria-labelledby={`card-${card.id}`}>
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2.5">
              <h3 id={`card-${card.id}`} className="text-sm font-semibold">
                <Link to={card.links.all(viewer)} className="text-brand-700 hover:underline">
                  {card.title}
                </Link>
              </h3>
              <Badge variant="warning" title={`${formatCount(card.count)} in all`}>
                {formatCount(card.count)}
              </Badge>
            </div>
            <ul className="divide-y divide-slate-100 px-4 py-1 text-sm">
              {card.items.map((item) => (
                <li key={`${item.licenseId}:${item.ref}:${item.title}`} className="py-2">
                  <Link to={card.links.item(item)} className="block break-words font-medium text-slate-900 hover:underline">
                    {item.title}
                  </Link>
                  <span className="block break-words text-slate-600">{card.links.describe(item, now, viewer)}</span>
                </li>
              ))}
            </ul>
            {card.count > card.items.length ? (
              <p className="border-t border-slate-100 px-4 py-2 text-sm">
                <Link to={card.links.all(viewer)} className="font-medium text-brand-700 hover:underline">
                  {`All ${formatCount(card.count)} ${card.links.noun}`}
                </Link>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
