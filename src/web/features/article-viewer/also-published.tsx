import { Fragment } from "react";
import { copyLinks } from "../../../domain/reader-content";
import { NewTabIcon } from "./original-link";

/**
 * 'Also published at heraldsun.example and uol.example': the copies of the article that the clip
 * watch found at other addresses, each a link named by its outlet's host, in a new tab. Nothing
 * when there is none a browser may follow.
 */
export function AlsoPublished({ urls }: { urls?: readonly string[] }) {
  const links = copyLinks(urls);
  if (links.length === 0) return null;
  return (
    <p className="reader-also">
      Also published at{" "}
      {links.map(({ url, host }, index) => (
        <Fragment key={host}>
          {index === 0 ? "" : index === links.length - 1 ? " and " : ", "}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {host}
            <NewTabIcon />
          </a>
        </Fragment>
      ))}
    </p>
  );
}
