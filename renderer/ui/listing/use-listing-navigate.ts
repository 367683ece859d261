// A listing's forms (sort, filters) move to the same page with a new search.
import { useNavigate } from '@tanstack/react-router';
import { listingSearchParams, type ListingSearch } from './listing-search';

export function useListingNavigate() {
  const navigate = useNavigate();
  // Navigation is fire and forget: the router shows the page it lands on, or its error.
  return (search: ListingSearch) => {
    void navigate({ to: '.', search: listingSearchParams(search) as never, resetScroll: false });
  };
}
