"""The book's published designs as ready-made elements (names and numbers only):
the superheavies of OtH p.12-15 and the metaformers of OtH p.21-22, offered in Add
element and then edited like any other element."""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field, ValidationError

from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import templates_dir
from horizon_builder.files.tomlfile import problems_from_validation, read_toml
from horizon_builder.roster.models import Element, Roster, RosterModel


class Template(Element):
    """A published design: an element as a roster holds it, with where it comes from."""

    source: str = Field(description="The page it is published on.")
    supplement: str | None = Field(default=None, description="The supplement it needs.")


class TemplateFile(RosterModel):
    templates: tuple[Template, ...] = ()


@lru_cache(maxsize=1)
def book_designs() -> tuple[Template, ...]:
    """Every design shipped in ``templates/*.toml`` (LoadError names a broken file)."""
    out: list[Template] = []
    for path in sorted(templates_dir().glob("*.toml")):
        data, text = read_toml(path)
        try:
            out.extend(TemplateFile.model_validate(data).templates)
        except ValidationError as exc:
            raise LoadError(problems_from_validation(path, text, exc)) from None
    return tuple(out)


def element_from(template: Template, roster: Roster) -> Element:
    """The design as a new element of ``roster``: a fresh id, its name numbered if taken."""
    names = {e.name for e in roster.elements}
    name = template.name if template.name not in names else roster.next_copy_name(template.name)
    data = template.model_dump(exclude={"source", "supplement", "id"})
    return Element.model_validate({**data, "id": roster.new_element_id(), "name": name,
                                   "notes": data.get("notes") or f"Published design ({template.source})"})
