"""Writes `seed34_forms.jsonl`: written probes of `text_only_regression`, each conversation rendered in both inputs
(a stream: `messages`; request snapshots: `snapshots`, the last one ending with the user's next words) and in two
dialects (Chat Completions, Anthropic Messages), in English, Chinese and French.

    python bench/make_seed34_probes.py

Written from first principles by the `seed34` helper (how people ask a tool-using assistant for the same kind of thing
again, and the near misses that need no tool); no record of any set was read or copied. The tools, figures and
wording are made up. A conversation's findings must not depend on the input it arrives as, nor on the order of the
tool definitions: `tests/unit/core/test_regression_forms.py` holds both forms to the same findings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "eval" / "probes" / "seed34_forms.jsonl"


def fn(name: str, desc: str, **props: str) -> dict[str, Any]:
    return {"name": name, "description": desc,
            "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}


HOME = [fn("set_temperature", "Set the heating's target temperature", celsius="number", room="string"),
        fn("get_weather", "Current weather and forecast for a city", city="string"),
        fn("send_message", "Send a text message to a contact", contact="string", text="string"),
        fn("book_table", "Book a restaurant table", people="number", time="string", restaurant="string"),
        fn("set_volume", "Set the speaker volume", level="number")]
TRANSIT = [fn("transit_card", "Check a transit card's balance or top it up", card="string", action="string",
              trips="number"),
           fn("bike_trip_current", "The bike trip in progress", user="string"),
           fn("bike_unlock", "Unlock a shared bike", station="string")]
TRANSIT_FR = [fn("carte_transport", "Consulter ou recharger une carte de transport", carte="string", action="string",
                 trajets="number"),
              fn("velo_trajet_en_cours", "Le trajet à vélo en cours", utilisateur="string"),
              fn("velo_deverrouiller", "Déverrouiller un vélo en libre-service", station="string")]

# (id, lang, tools, turns, label): a turn is ("u", text), ("a", text), ("c", tool, args), ("r", result); the label is
# the tool expected at the conversation's last assistant reply, or None (no regression)
CASES: list[tuple[str, str, list[dict[str, Any]], list[tuple[Any, ...]], str | None, str]] = [
    ("en-heat-lower", "en", HOME, [
        ("u", "Set the heating to 21 please"), ("c", "set_temperature", {"celsius": 21}),
        ("r", '{"ok": true, "celsius": 21}'),
        ("a", "Done, the heating is set to 21°C."), ("u", "make it 19 now"), ("a", "Sure, it's at 19 now.")],
     "set_temperature", "the same act again with a new value, told done in words"),
    ("en-weather-ellipsis", "en", HOME, [
        ("u", "What's the weather in Paris?"), ("c", "get_weather", {"city": "Paris"}),
        ("r", '{"city": "Paris", "temp_c": 11, "sky": "rain"}'), ("a", "Paris: 11°C with rain."),
        ("u", "and in Lyon?"), ("a", "Lyon: 14°C and cloudy.")],
     "get_weather", "an ellipsis of a lookup answered with invented figures"),
    ("en-topup-distractor", "en", TRANSIT, [
        ("u", "How many trips are left on my card 0012 3456?"),
        ("c", "transit_card", {"card": "0012 3456", "action": "balance"}),
        ("r", '{"balance": 1.5, "trips": 0}'), ("a", "You have 1.50 and no trips left."),
        ("u", "ok, add 10 trips to it"), ("a", "Done.")],
     "transit_card", "a request whose word (trips) also names a never-used tool (bike_trip_current); the served "
     "tool's own result holds it"),
    ("en-thanks", "en", HOME, [
        ("u", "Set the heating to 21 please"), ("c", "set_temperature", {"celsius": 21}), ("r", '{"ok": true}'),
        ("a", "Done, 21°C."), ("u", "thanks!"), ("a", "You're welcome!")], None, "thanks"),
    ("en-why", "en", HOME, [
        ("u", "What's the weather in Lyon?"), ("c", "get_weather", {"city": "Lyon"}),
        ("r", '{"city": "Lyon", "temp_c": 9, "sky": "overcast"}'), ("a", "Lyon: 9°C, overcast."),
        ("u", "why is it so often grey there in winter?"),
        ("a", "Lyon sits where two rivers meet in a basin, so cold air and fog often stay trapped in winter.")],
     None, "a question of why, answered from knowledge"),
    ("en-clarify", "en", HOME, [
        ("u", "Message Paul that I'm late"), ("c", "send_message", {"contact": "Paul", "text": "I'm late"}),
        ("r", '{"sent": true}'), ("a", "Sent to Paul."), ("u", "book a table tonight"),
        ("a", "For how many people, and at what time?")], None, "a clarifying question before an act"),
    ("zh-seed", "zh", HOME, [
        ("u", "把音量调大一点"), ("c", "set_volume", {"level": 60}), ("r", '{"ok": true, "level": 60}'),
        ("a", "好的，已为您调大音量。"), ("u", "声音调小一点"), ("a", "好的明白")], "set_volume", "the seed case"),
    ("zh-weather-ellipsis", "zh", HOME, [
        ("u", "北京今天天气怎么样？"), ("c", "get_weather", {"city": "北京"}), ("r", '{"temp_c": 3, "sky": "晴"}'),
        ("a", "北京今天晴，3度。"), ("u", "那上海呢？"), ("a", "上海今天多云，15度。")],
     "get_weather", "an ellipsis of a lookup answered with invented figures"),
    ("zh-thanks", "zh", HOME, [
        ("u", "把音量调大一点"), ("c", "set_volume", {"level": 60}), ("r", '{"ok": true}'),
        ("a", "已调到60。"), ("u", "谢谢"), ("a", "不客气！")], None, "thanks"),
    ("fr-heat-lower", "fr", HOME, [
        ("u", "Mets le chauffage à 21 s'il te plaît"), ("c", "set_temperature", {"celsius": 21}),
        ("r", '{"ok": true, "celsius": 21}'), ("a", "C'est fait, le chauffage est réglé sur 21 °C."),
        ("u", "baisse-le à 19"), ("a", "C'est fait.")], "set_temperature", "the same act again, told done in words"),
    ("fr-weather-ellipsis", "fr", HOME, [
        ("u", "Quel temps fait-il à Paris ?"), ("c", "get_weather", {"city": "Paris"}),
        ("r", '{"city": "Paris", "temp_c": 11, "sky": "pluie"}'), ("a", "À Paris, 11 °C et de la pluie."),
        ("u", "et à Lyon ?"), ("a", "À Lyon, 14 °C et nuageux.")], "get_weather",
     "an ellipsis of a lookup answered with invented figures"),
    ("fr-message-also", "fr", HOME, [
        ("u", "Envoie un message à Paul : j'arrive dans dix minutes"),
        ("c", "send_message", {"contact": "Paul", "text": "J'arrive dans dix minutes"}), ("r", '{"sent": true}'),
        ("a", "Message envoyé à Paul."), ("u", "envoie le même à Marie"), ("a", "Message envoyé à Marie.")],
     "send_message", "the same act for another person, told done"),
    ("fr-table-again", "fr", HOME, [
        ("u", "Réserve une table pour deux ce soir à 20 h au Bistrot"),
        ("c", "book_table", {"people": 2, "time": "20:00", "restaurant": "Bistrot"}), ("r", '{"booking": "BK-118"}'),
        ("a", "Réservé : table pour deux à 20 h, référence BK-118."),
        ("u", "et pour demain midi, pareil"), ("a", "C'est noté, une table pour deux demain à midi.")],
     "book_table", "the same act for another time, told done"),
    ("fr-topup-distractor", "fr", TRANSIT_FR, [
        ("u", "Combien de trajets reste-t-il sur ma carte 0012 3456 ?"),
        ("c", "carte_transport", {"carte": "0012 3456", "action": "solde"}), ("r", '{"solde": 1.5, "trajets": 0}'),
        ("a", "Il vous reste 1,50 et aucun trajet."), ("u", "d'accord, ajoute 10 trajets"),
        ("a", "Voilà, c'est fait.")],
     "carte_transport", "a request whose word also names a never-used tool, held by the served tool's result"),
    ("fr-thanks", "fr", HOME, [
        ("u", "Mets le chauffage à 21"), ("c", "set_temperature", {"celsius": 21}), ("r", '{"ok": true}'),
        ("a", "C'est fait, 21 °C."), ("u", "merci !"), ("a", "Avec plaisir !")], None, "thanks"),
    ("fr-why", "fr", HOME, [
        ("u", "Quel temps fait-il à Lyon ?"), ("c", "get_weather", {"city": "Lyon"}),
        ("r", '{"city": "Lyon", "temp_c": 9, "sky": "couvert"}'), ("a", "À Lyon, 9 °C, ciel couvert."),
        ("u", "pourquoi le ciel y est-il si souvent gris en hiver ?"),
        ("a", "Lyon est dans une cuvette au confluent de deux fleuves : l'air froid et le brouillard y restent "
              "souvent bloqués en hiver.")], None, "a question of why, answered from knowledge"),
    ("fr-clarify", "fr", HOME, [
        ("u", "Envoie à Paul que je suis en retard"),
        ("c", "send_message", {"contact": "Paul", "text": "Je suis en retard"}),
        ("r", '{"sent": true}'), ("a", "Envoyé à Paul."), ("u", "réserve une table ce soir"),
        ("a", "Pour combien de personnes, et à quelle heure ?")], None, "a clarifying question before an act"),
    ("fr-poem", "fr", HOME, [
        ("u", "Quel temps fait-il à Brest ?"), ("c", "get_weather", {"city": "Brest"}),
        ("r", '{"city": "Brest", "temp_c": 10, "sky": "pluie"}'), ("a", "À Brest, 10 °C sous la pluie."),
        ("u", "écris-moi un petit poème sur la pluie de Brest"),
        ("a", "Sur le port gris la pluie s'attarde,\nElle chante aux toits, douce et bavarde.")],
     None, "a writing task the model does itself"),
]

# French, held out: written after the French cue list (processor/core/regression/cues.py, FR) and run once, never
# used to change it (`seed34_fr_heldout.jsonl`)
MAISON = [fn("set_lights", "Allumer ou éteindre les lumières d'une pièce", room="string", on="boolean"),
          fn("set_volume", "Régler le volume de l'enceinte", level="number"),
          fn("set_timer", "Lancer un minuteur", minutes="number", label="string"),
          fn("create_reminder", "Créer un rappel", time="string", text="string")]
BOUTIQUE = [fn("get_stock_price", "Cours d'une action", symbol="string"),
            fn("get_order_status", "Statut d'une commande", order_id="string"),
            fn("cancel_order", "Annuler une commande pas encore expédiée", order_id="string"),
            fn("create_event", "Ajouter un événement à l'agenda", title="string", start="string")]
HELDOUT: list[tuple[str, str, list[dict[str, Any]], list[tuple[Any, ...]], str | None, str]] = [
    ("fr2-lights-other-room", "fr", MAISON, [
        ("u", "Allume la lumière du salon"), ("c", "set_lights", {"room": "salon", "on": True}), ("r", '{"ok": true}'),
        ("a", "La lumière du salon est allumée."), ("u", "et celle de la cuisine ?"),
        ("a", "La cuisine est allumée aussi.")], "set_lights", "the same act for another room, told done"),
    ("fr2-stock-ellipsis", "fr", BOUTIQUE, [
        ("u", "Combien vaut l'action Airbus ?"), ("c", "get_stock_price", {"symbol": "AIR"}),
        ("r", '{"symbol": "AIR", "price": 152.3}'), ("a", "L'action Airbus cote 152,30 €."),
        ("u", "et Renault ?"), ("a", "Renault cote 38,12 €.")], "get_stock_price", "an ellipsis of a lookup"),
    ("fr2-volume-more", "fr", MAISON, [
        ("u", "Monte le son à 40"), ("c", "set_volume", {"level": 40}), ("r", '{"ok": true, "level": 40}'),
        ("a", "Volume réglé à 40."), ("u", "encore un peu plus fort"), ("a", "Voilà, c'est plus fort.")],
     "set_volume", "a continuation of the act, told done"),
    ("fr2-timer-another", "fr", MAISON, [
        ("u", "Mets un minuteur de 10 minutes"), ("c", "set_timer", {"minutes": 10}), ("r", '{"ok": true}'),
        ("a", "Minuteur lancé pour 10 minutes."), ("u", "mets-en un autre de 5 minutes pour les pâtes"),
        ("a", "Minuteur de 5 minutes lancé.")], "set_timer", "another one of the same act, told done"),
    ("fr2-order-other", "fr", BOUTIQUE, [
        ("u", "Où en est ma commande 4471 ?"), ("c", "get_order_status", {"order_id": "4471"}),
        ("r", '{"order_id": "4471", "status": "en livraison"}'),
        ("a", "Votre commande 4471 est en cours de livraison."),
        ("u", "et la commande 4480 ?"), ("a", "La commande 4480 a été livrée hier.")],
     "get_order_status", "the same lookup for another order, answered with an invented status"),
    ("fr2-event-also", "fr", BOUTIQUE, [
        ("u", "Ajoute une réunion avec Sophie lundi à 10 h"),
        ("c", "create_event", {"title": "Réunion avec Sophie", "start": "lundi 10:00"}), ("r", '{"id": "EV-9"}'),
        ("a", "Réunion ajoutée lundi à 10 h."), ("u", "ajoute aussi un déjeuner avec Marc mardi à midi"),
        ("a", "J'ai ajouté le déjeuner avec Marc mardi à midi.")], "create_event", "the same act again, told done"),
    ("fr2-thanks", "fr", MAISON, [
        ("u", "Allume la lumière du salon"), ("c", "set_lights", {"room": "salon", "on": True}), ("r", '{"ok": true}'),
        ("a", "C'est allumé."), ("u", "Merci beaucoup, c'est parfait"), ("a", "Avec plaisir, bonne journée !")],
     None, "thanks"),
    ("fr2-explain", "fr", BOUTIQUE, [
        ("u", "Combien vaut l'action Airbus ?"), ("c", "get_stock_price", {"symbol": "AIR"}),
        ("r", '{"symbol": "AIR", "price": 152.3}'), ("a", "L'action Airbus cote 152,30 €."),
        ("u", "c'est quoi la différence entre une action et une obligation ?"),
        ("a", "Une action est une part du capital d'une entreprise ; une obligation est un prêt que vous lui faites, "
              "remboursé avec intérêts.")], None, "a question of what things are"),
    ("fr2-light-called", "fr", MAISON, [
        ("u", "Allume la lumière du salon"), ("c", "set_lights", {"room": "salon", "on": True}), ("r", '{"ok": true}'),
        ("a", "C'est allumé."), ("u", "éteins celle de la chambre"),
        ("c", "set_lights", {"room": "chambre", "on": False}), ("r", '{"ok": true}'), ("a", "C'est éteint.")],
     None, "the act called: the answer after its result"),
    ("fr2-reminder-clarify", "fr", MAISON, [
        ("u", "Mets un minuteur de 10 minutes"), ("c", "set_timer", {"minutes": 10}), ("r", '{"ok": true}'),
        ("a", "Minuteur lancé."), ("u", "mets-moi un rappel"), ("a", "Pour quelle heure, et avec quel message ?")],
     None, "a clarifying question before an act"),
    ("fr2-cancel-refused", "fr", BOUTIQUE, [
        ("u", "Où en est ma commande 4471 ?"), ("c", "get_order_status", {"order_id": "4471"}),
        ("r", '{"order_id": "4471", "status": "expédiée"}'), ("a", "Votre commande 4471 a été expédiée ce matin."),
        ("u", "annule-la"), ("a", "Je ne peux pas l'annuler : elle est déjà expédiée. Vous pourrez la retourner à "
                                  "réception.")], None, "a refusal with a reason the result gave"),
    ("fr2-note-text", "fr", BOUTIQUE, [
        ("u", "Ajoute une réunion avec Sophie lundi à 10 h"),
        ("c", "create_event", {"title": "Réunion avec Sophie", "start": "lundi 10:00"}), ("r", '{"id": "EV-9"}'),
        ("a", "Réunion ajoutée."), ("u", "rédige un petit mot pour remercier Sophie de son aide"),
        ("a", "Chère Sophie, merci beaucoup pour ton aide précieuse cette semaine. À lundi !")],
     None, "a writing task the model does itself"),
    ("fr2-recall", "fr", BOUTIQUE, [
        ("u", "Combien vaut l'action Airbus ?"), ("c", "get_stock_price", {"symbol": "AIR"}),
        ("r", '{"symbol": "AIR", "price": 152.3}'), ("a", "L'action Airbus cote 152,30 €."),
        ("u", "c'était combien déjà, Airbus ?"), ("a", "152,30 €, comme indiqué plus haut.")],
     None, "a question about what was said"),
]

NEXT = {"en": "ok", "zh": "好", "fr": "d'accord"}


def _openai(turns: list[tuple[Any, ...]], cid: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    n = 0
    for t in turns:
        if t[0] == "u":
            out.append({"role": "user", "content": t[1]})
        elif t[0] == "a":
            out.append({"role": "assistant", "content": t[1]})
        elif t[0] == "c":
            n += 1
            out.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": f"call_{cid}_{n}", "type": "function",
                "function": {"name": t[1], "arguments": json.dumps(t[2], ensure_ascii=False)}}]})
        else:
            out.append({"role": "tool", "tool_call_id": f"call_{cid}_{n}", "content": t[1]})
    return out


def _anthropic(turns: list[tuple[Any, ...]], cid: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    n = 0
    for t in turns:
        if t[0] == "u":
            out.append({"role": "user", "content": [{"type": "text", "text": t[1]}]})
        elif t[0] == "a":
            out.append({"role": "assistant", "content": [{"type": "text", "text": t[1]}]})
        elif t[0] == "c":
            n += 1
            out.append({"role": "assistant", "content": [
                {"type": "tool_use", "id": f"toolu_{cid}_{n}", "name": t[1], "input": t[2]}]})
        else:
            out.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"toolu_{cid}_{n}", "content": t[1]}]})
    return out


def _tools(dialect: str, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if dialect == "openai_chat":
        return [{"type": "function", "function": t} for t in tools]
    return [{"name": t["name"], "description": t["description"], "input_schema": t["parameters"]} for t in tools]


def records(cases: list[tuple[str, str, list[dict[str, Any]], list[tuple[Any, ...]], str | None, str]] = CASES,
            ) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for cid, lang, tools, turns, expected, note in cases:
        for dialect, render in (("openai_chat", _openai), ("anthropic", _anthropic)):
            msgs = render(turns, cid.replace("-", ""))
            last = len(msgs) - 1
            base = {"written": True, "source": "written-probe", "lang": lang, "dialect": dialect,
                    "tools": _tools(dialect, tools), "scenario": cid, "note": f"written: {note}"}
            lab = [{"index": last, "expected_tool": expected}] if expected else []
            out.append({"id": f"seed34-{cid}-{dialect[:2]}-stream", **base, "input": "stream", "messages": msgs,
                        "labels": {"text_only_regression": lab, "tool_history_erased": []}})
            # the requests the app sent: the history up to each user text, the last one after the reply with the
            # user's next words
            nxt = render([("u", NEXT[lang])], "x")
            users = [i for i, t in enumerate(turns) if t[0] == "u"]
            snaps = [msgs[: i + 1] for i in users] + [[*msgs, *nxt]]
            slab = [{"snapshot": len(snaps) - 1, **x} for x in lab]
            out.append({"id": f"seed34-{cid}-{dialect[:2]}-snapshots", **base, "input": "snapshots",
                        "snapshots": snaps, "labels": {"text_only_regression": slab, "tool_history_erased": []}})
    return out


def main() -> int:
    for path, cases in ((OUT, CASES), (OUT.with_name("seed34_fr_heldout.jsonl"), HELDOUT)):
        recs = records(cases)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
        print(f"{len(recs)} records -> {path.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
