import { searchResultsPath } from '@store/shared/paths';
import { Link } from 'react-router';

/**
 * "Did you mean …" under a search that found nothing (issue 37 §4): the API's `suggestions`, each a link to its
 * search (each finds something as this search was made). Nothing when there are none.
 */
export function SearchSuggestions({ suggestions }: { suggestions: readonly string[] | undefined }) {
  if (!suggestions || suggestions.length === 0) return null;
  return (
    <p className="search-suggestions">
      Did you mean{' '}
      {suggestions.map((term, i) => (
        <span key={term}>
          {i > 0 ? (i === suggestions.length - 1 ? ' or ' : ', ') : null}
          <Link className="search-suggestions__term" to={searchResultsPath(term)}>
            {term}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}
