/**
 * The not-found page: 'Page Not Found', the attempted path, buttons Go Home, Go Back,
 * Browse Properties, and links to About Us, Services, Contact, Book Consultation.
 * Exported for the public site, which shows it for unknown slugs too.
 */
import { ArrowLeftIcon, BuildingIcon, HomeIcon } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { TEXT } from "#core/constants.ts";
import { originOf } from "#core/hosts.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { Button } from "#app/components/ui/button.tsx";

export function NotFoundPage({ path }: { path?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const attempted = path ?? `${location.pathname}${location.search}`;
  const consultUrl = `${originOf("consult", siteConfig.hosts)}/`;

  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24"
    >
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
        {TEXT.notFoundTitle}
      </h1>
      <p className="mt-4 text-muted-foreground">
        We couldn't find{" "}
        <code
          className="break-all rounded bg-muted px-1.5 py-0.5 text-foreground"
          data-testid="attempted-path"
        >
          {attempted}
        </code>
        . It may have moved, or the address may be mistyped.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link to="/">
            <HomeIcon aria-hidden="true" /> Go Home
          </Link>
        </Button>
        <Button variant="outline" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}>
          <ArrowLeftIcon aria-hidden="true" /> Go Back
        </Button>
        <Button variant="secondary" asChild>
          <Link to="/properties">
            <BuildingIcon aria-hidden="true" /> Browse Properties
          </Link>
        </Button>
      </div>
      <nav aria-label="Helpful links" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          <li>
            <Link className="text-primary underline-offset-4 hover:underline" to="/about">
              About Us
            </Link>
          </li>
          <li>
            <Link className="text-primary underline-offset-4 hover:underline" to="/services">
              Services
            </Link>
          </li>
          <li>
            <Link className="text-primary underline-offset-4 hover:underline" to="/contact">
              Contact
            </Link>
          </li>
          <li>
            <a className="text-primary underline-offset-4 hover:underline" href={consultUrl}>
              Book Consultation
            </a>
          </li>
        </ul>
      </nav>
    </section>
  );
}

export default NotFoundPage;
