import { useEffect } from 'react';

/** Sets the document title for a page: "Terms and conditions | Upcar". */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Upcar`;
  }, [title]);
}
