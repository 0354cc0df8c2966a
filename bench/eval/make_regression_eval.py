"""Write bench/eval/regression_eval.jsonl: a labelled set for `text_only_regression` and `tool_history_erased`.

Deterministic (fixed seed, no clock): running it twice writes the same bytes. Labels are right by
construction: every conversation is assembled from turns whose kind is known when they are written:

* a *served* turn: user request -> assistant tool call(s) -> tool result(s) -> assistant final answer;
* a *probe* turn: a user request of the same kind as a served one, answered with text only -> positive,
  labelled with the tool that served the earlier request of that kind (the first tool called);
* *negative* turns: thanks, chit-chat, requests no tool applies to, follow-ups the earlier result answers,
  advisory/explanatory questions, look-alike requests of another kind, clarifying questions, confirmations,
  refusals with a reason, text-only answers before any tool was used, requests of a kind never served by a tool,
  and probes the model serves correctly with a tool call;
* snapshots (later request histories) for `tool_history_erased`: the seed-003 rewrite (tool calls and results
  replaced by a text reply while the user message stays) and partial compactions are positives; trimming from
  the front, summaries that replace whole turns, regenerated call ids, truncated results and faithful copies
  are negatives.

Usage: python bench/eval/make_regression_eval.py [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 3_2024
OUT = Path(__file__).with_name("regression_eval.jsonl")

# --------------------------------------------------------------------------------------------------------
# Content: per domain, per language. Slots in {braces} are filled once per conversation.
# Each entry of "serve"/"pos" is (request, args); args values are format strings too.
# --------------------------------------------------------------------------------------------------------

SLOTS: dict[str, dict[str, list[str]]] = {
    "en": {
        "city": ["London", "Paris", "Berlin", "Seattle", "Madrid", "Chicago", "Toronto"],
        "city2": ["Tokyo", "Rome", "Boston", "Dublin", "Oslo", "Lisbon", "Denver"],
        "cond": ["light rain", "showers", "drizzle"],
        "cond2": ["sunny", "partly cloudy", "clear"],
        "room": ["living room", "kitchen", "bedroom", "study", "hallway"],
        "room2": ["bathroom", "dining room", "garage", "porch"],
        "room3": ["office", "nursery", "attic"],
        "person": ["Alice", "Bob", "Priya", "Marco", "Chen", "Fatima"],
        "person2": ["Tom", "Sara", "Kenji", "Olga", "David", "Lena"],
        "time": ["tomorrow at 3pm", "Friday at 10am", "Monday at 9:30", "Thursday at 2pm"],
        "time2": ["Wednesday at 11am", "next Tuesday at 4pm", "tomorrow at 9am", "Friday at 1pm"],
        "topic": [
            "reviews of the Sony WH-1000XM5",
            "the latest James Webb telescope discoveries",
            "Python 3.13 release notes",
            "the best hiking trails near Denver",
            "how to repot a monstera",
        ],
        "topic2": [
            "the Bose QuietComfort Ultra price",
            "the Artemis II launch date",
            "Rust 1.80 new features",
            "cheap flights from Boston to Lisbon in May",
            "sourdough starter troubleshooting",
        ],
        "msg": [
            "I'm running 10 minutes late",
            "the report is ready",
            "dinner is at 7",
            "I'll call you tonight",
        ],
        "msg2": ["the meeting moved to 4pm", "I picked up the tickets", "don't forget the charger"],
        "file": ["draft_old.txt", "notes_backup.md", "report_v1.docx", "temp_export.csv"],
        "file2": ["old_budget.xlsx", "scratch.py", "meeting_notes_old.txt", "screenshot_042.png"],
        "folder": ["reports/", "downloads/", "projects/archive/"],
        "genre": ["jazz", "lo-fi beats", "classical piano", "80s pop"],
        "genre2": ["bossa nova", "indie rock", "ambient", "blues"],
        "artist": ["Norah Jones", "Miles Davis", "Taylor Swift", "Coldplay"],
        "artist2": ["Adele", "Radiohead", "Ella Fitzgerald", "Daft Punk"],
        "co": ["Apple", "Microsoft", "Tesla", "NVIDIA", "Amazon"],
        "co2": ["Alphabet", "Meta", "Netflix", "Intel", "AMD"],
        "oid": ["48213", "77190", "30562", "91044"],
        "oid2": ["55871", "12009", "64430", "80315"],
        "alarm": ["6:30", "7:00", "6:45"],
        "alarm2": ["8:15", "7:30", "9:00"],
    },
    "zh": {
        "city": ["北京", "上海", "广州", "杭州", "成都", "南京"],
        "city2": ["深圳", "西安", "武汉", "重庆", "厦门", "青岛"],
        "cond": ["小雨", "阵雨", "中雨"],
        "cond2": ["晴", "多云", "晴转多云"],
        "room": ["客厅", "厨房", "卧室", "书房", "走廊"],
        "room2": ["卫生间", "餐厅", "阳台", "儿童房"],
        "room3": ["衣帽间", "客房", "玄关"],
        "person": ["张伟", "李娜", "王芳", "刘洋", "陈静", "赵磊"],
        "person2": ["孙丽", "周杰", "吴敏", "郑浩", "黄婷"],
        "time": ["明天下午三点", "周五上午十点", "下周一上午九点半", "周四下午两点"],
        "time2": ["周三上午十一点", "下周二下午四点", "明天上午九点", "周五下午一点"],
        "topic": [
            "最新的新能源汽车补贴政策",
            "iPhone 16 的评测",
            "Python 3.13 的新特性",
            "杭州周末适合去哪玩",
        ],
        "topic2": [
            "华为 Mate 70 的价格",
            "五一假期高铁票什么时候开售",
            "Rust 1.80 的更新内容",
            "多肉植物怎么浇水",
        ],
        "msg": ["我晚点到家", "报告已经发你邮箱了", "晚上七点吃饭", "我明天请假"],
        "msg2": ["会议改到下午四点了", "票我已经取好了", "记得带充电器"],
        "file": ["草稿_旧版.txt", "会议记录备份.md", "报告_v1.docx", "临时导出.csv"],
        "file2": ["旧预算.xlsx", "测试脚本.py", "截图_042.png", "旧通讯录.csv"],
        "folder": ["reports/", "下载/", "项目/归档/"],
        "genre": ["爵士乐", "轻音乐", "钢琴曲", "民谣"],
        "genre2": ["摇滚", "古典音乐", "粤语老歌", "电子乐"],
        "artist": ["周杰伦", "陈奕迅", "王菲", "邓紫棋"],
        "artist2": ["林俊杰", "孙燕姿", "五月天", "李健"],
        "co": ["腾讯", "阿里巴巴", "贵州茅台", "比亚迪", "小米"],
        "co2": ["京东", "美团", "宁德时代", "网易", "百度"],
        "oid": ["A20931", "B77102", "C30588", "D91407"],
        "oid2": ["E55213", "F12094", "G64471", "H80356"],
        "alarm": ["六点半", "七点", "六点四十五"],
        "alarm2": ["八点一刻", "七点半", "九点"],
    },
}

Entry = tuple[str, dict[str, Any]]
Pair = tuple[str, str]


@dataclass
class Domain:
    key: str
    tool: str
    serve: dict[str, list[Entry]]
    result: dict[str, str]
    final: dict[str, list[str]]
    pos: dict[str, list[Entry]]  # same-kind requests (a later probe)
    fake: dict[str, list[str]]  # text-only replies to `pos` (the regression)
    pre: dict[str, list[str]] = field(default_factory=dict)  # text said before a call
    ellip: dict[str, list[Entry]] = field(default_factory=dict)  # elliptical follow-ups needing a new call
    cont: dict[str, list[Entry]] = field(default_factory=dict)  # short continuations ("a bit more")
    answered: dict[str, list[Pair]] = field(default_factory=dict)  # answered by the earlier result
    advise: dict[str, list[Pair]] = field(default_factory=dict)  # advisory questions about the result
    lookalike: dict[str, list[Pair]] = field(default_factory=dict)  # looks like the kind, is knowledge
    texttask: dict[str, list[Pair]] = field(default_factory=dict)  # writing tasks on the topic
    clarify: dict[str, list[Pair]] = field(default_factory=dict)  # request -> clarifying question
    confirm: dict[str, list[Pair]] = field(default_factory=dict)  # request -> asks for confirmation
    refuse: dict[str, list[Pair]] = field(default_factory=dict)  # request -> refusal with a reason
    ack: dict[str, list[Pair]] = field(default_factory=dict)  # domain-flavoured thanks
    # a served turn whose result makes `refuse_max` refusals true (e.g. the volume is already at maximum)
    serve_max: dict[str, Entry] = field(default_factory=dict)
    result_max: dict[str, str] = field(default_factory=dict)
    final_max: dict[str, str] = field(default_factory=dict)
    refuse_max: dict[str, list[Pair]] = field(default_factory=dict)
    # result/final of a later same-kind request (default: the served ones with the *2 slots)
    result2: dict[str, str] = field(default_factory=dict)
    final2: dict[str, list[str]] = field(default_factory=dict)
    # one request served by several parallel calls: (request, [args, ...])
    multi: dict[str, tuple[str, list[dict[str, Any]]]] = field(default_factory=dict)
    multi_final: dict[str, str] = field(default_factory=dict)


DOMAINS: list[Domain] = [
    Domain(
        key="volume",
        tool="set_volume",
        result2={"en": '{"ok": true, "volume": 30}', "zh": "success"},
        final2={
            "en": ["Done — the volume is now at 30%.", "Turned it down to 30%."],
            "zh": ["好的，音量已调小。", "好的，声音已经调小了。"],
        },
        serve={
            "en": [
                ("Turn the volume up a bit", {"direction": "up"}),
                ("Can you make it louder?", {"direction": "up"}),
                ("Set the volume to 60%", {"level": 60}),
                ("It's too quiet, turn it up please", {"direction": "up"}),
            ],
            "zh": [
                ("声音大一点", {"volumeCode": "volume_up"}),
                ("把音量调大一点", {"volumeCode": "volume_up"}),
                ("音量调到60", {"level": 60}),
                ("太小声了，帮我调大点", {"volumeCode": "volume_up"}),
            ],
        },
        result={"en": '{"ok": true, "volume": 60}', "zh": "success"},
        final={
            "en": ["Done — the volume is now at 60%.", "I've turned it up to 60%."],
            "zh": ["好的，音量已调大。", "好的，声音已经调大了。"],
        },
        pos={
            "en": [
                ("Turn it down a little", {"direction": "down"}),
                ("Now make it quieter", {"direction": "down"}),
                ("Lower the volume to 30%", {"level": 30}),
                ("That's too loud, turn the volume down", {"direction": "down"}),
                ("Can you turn the sound down a bit?", {"direction": "down"}),
            ],
            "zh": [
                ("声音调小一点", {"volumeCode": "volume_down"}),
                ("音量调低一点", {"volumeCode": "volume_down"}),
                ("把音量调到30", {"level": 30}),
                ("太吵了，声音小点", {"volumeCode": "volume_down"}),
                ("能把音量调小一些吗？", {"volumeCode": "volume_down"}),
            ],
        },
        fake={
            "en": [
                "OK, got it.",
                "Sure, I've turned the volume down.",
                "Done, it's quieter now.",
                "Alright — volume lowered. Anything else?",
            ],
            "zh": [
                "好的明白",
                "好的，已为您调小音量。",
                "没问题，音量已经调低了。",
                "好的，已经帮您调好了～",
            ],
        },
        cont={
            "en": [("A bit more", {"direction": "down"}), ("Even quieter please", {"direction": "down"})],
            "zh": [("再小一点", {"volumeCode": "volume_down"}), ("再调小点", {"volumeCode": "volume_down"})],
        },
        lookalike={
            "en": [
                (
                    "What's a safe volume level for headphones?",
                    "As a rule of thumb, keep headphones below about 60% of the maximum volume, for no more "
                    "than 60 minutes at a time.",
                ),
                (
                    "Why does the sound crackle at high volume?",
                    "Crackling at high volume usually means the speaker is being overdriven or the audio is "
                    "clipping before it reaches the speaker.",
                ),
            ],
            "zh": [
                (
                    "耳机音量多大对耳朵比较安全？",
                    "一般建议耳机音量不超过最大音量的60%，连续使用不超过60分钟。",
                ),
                (
                    "为什么音量开大了会有杂音？",
                    "音量过大时扬声器可能过载，或者音频信号削波失真，就会出现杂音。",
                ),
            ],
        },
        clarify={
            "en": [
                (
                    "Set the volume to something comfortable",
                    "Sure — what level would you like, for example 30% or 40%?",
                )
            ],
            "zh": [("把音量调到一个合适的大小", "好的，您希望调到多少？比如30还是40？")],
        },
        ack={
            "en": [
                ("Perfect, that's much better, thanks", "Glad that helps!"),
                ("The volume is fine now, thanks.", "Great, enjoy!"),
            ],
            "zh": [("现在音量正好，谢谢", "不客气！"), ("好多了，就这样吧", "好的～")],
        },
        serve_max={
            "en": ("Turn it all the way up", {"level": 100}),
            "zh": ("音量开到最大", {"level": 100}),
        },
        result_max={
            "en": '{"ok": true, "volume": 100, "max": 100}',
            "zh": '{"ok": true, "volume": 100, "max": 100}',
        },
        final_max={"en": "The volume is now at the maximum, 100%.", "zh": "音量已经调到最大（100%）。"},
        refuse_max={
            "en": [
                ("Louder please", "I can't go any louder — the volume is already at the maximum (100%)."),
                ("Turn it up more", "It can't go higher, since it's already at 100%, the maximum."),
            ],
            "zh": [
                ("再大声一点", "音量已经是最大（100%）了，无法再调高。"),
                ("声音再调大点", "抱歉，无法再调大了，因为音量已经是最大值100%。"),
            ],
        },
    ),
    Domain(
        key="lights",
        tool="control_lights",
        result2={"en": '{"room": "{room}", "ok": true}', "zh": '{"room": "{room}", "ok": true}'},
        final2={
            "en": ["Done — the {room} lights are updated.", "OK, the {room} lights are set."],
            "zh": ["好的，{room}的灯已设置好。"],
        },
        multi_final={"en": "Both the {room} and {room3} lights are on.", "zh": "{room}和{room3}的灯都打开了。"},
        multi={
            "en": (
                "Turn on the {room} and {room3} lights",
                [{"room": "{room}", "state": "on"}, {"room": "{room3}", "state": "on"}],
            ),
            "zh": (
                "把{room}和{room3}的灯都打开",
                [{"room": "{room}", "state": "on"}, {"room": "{room3}", "state": "on"}],
            ),
        },
        serve={
            "en": [
                ("Turn on the {room} lights", {"room": "{room}", "state": "on"}),
                ("Dim the {room} lights to 40%", {"room": "{room}", "brightness": 40}),
                ("Switch on the lights in the {room}", {"room": "{room}", "state": "on"}),
            ],
            "zh": [
                ("把{room}的灯打开", {"room": "{room}", "state": "on"}),
                ("{room}的灯调暗到40%", {"room": "{room}", "brightness": 40}),
                ("打开{room}的灯", {"room": "{room}", "state": "on"}),
            ],
        },
        result={
            "en": '{"room": "{room}", "state": "on", "brightness": 40}',
            "zh": '{"room": "{room}", "state": "on"}',
        },
        final={
            "en": ["The {room} lights are on.", "Done, the {room} lights are on."],
            "zh": ["{room}的灯已经打开了。", "好的，{room}的灯已打开。"],
        },
        pos={
            "en": [
                ("Turn off the {room2} lights", {"room": "{room2}", "state": "off"}),
                ("Now switch on the lights in the {room2}", {"room": "{room2}", "state": "on"}),
                ("Make the {room} lights a bit brighter", {"room": "{room}", "brightness": 80}),
                ("Can you turn the {room2} lights on too?", {"room": "{room2}", "state": "on"}),
            ],
            "zh": [
                ("把{room2}的灯关了", {"room": "{room2}", "state": "off"}),
                ("{room2}的灯也打开", {"room": "{room2}", "state": "on"}),
                ("{room}的灯再调亮一点", {"room": "{room}", "brightness": 80}),
                ("帮我把{room2}的灯打开", {"room": "{room2}", "state": "on"}),
            ],
        },
        fake={
            "en": ["OK, the {room2} lights are off.", "Done!", "Sure thing — all set.", "Lights updated."],
            "zh": ["好的，{room2}的灯已关闭。", "好的，已经关了", "已为您打开。", "好的，搞定了！"],
        },
        ellip={
            "en": [("And the {room2}?", {"room": "{room2}", "state": "on"})],
            "zh": [("{room2}的呢？", {"room": "{room2}", "state": "on"})],
        },
        lookalike={
            "en": [
                (
                    "What colour temperature of light is best for reading?",
                    "For reading, a neutral white around 4000–5000 K is usually most comfortable.",
                ),
                (
                    "Are LED bulbs really cheaper to run than halogen ones?",
                    "Yes — LEDs use roughly 80% less energy than halogen bulbs for the same brightness.",
                ),
            ],
            "zh": [
                ("看书用什么色温的灯比较好？", "看书一般推荐4000到5000K左右的中性白光，比较不伤眼。"),
                ("LED灯比普通灯泡省电多少？", "同样亮度下，LED灯大约比白炽灯省电80%以上。"),
            ],
        },
        clarify={
            "en": [
                (
                    "Turn off the lights",
                    "Which room — the {room}, the {room2}, or all of them?",
                )
            ],
            "zh": [("把灯关了", "请问要关哪个房间的灯？{room}、{room2}，还是全部？")],
        },
        ack={
            "en": [("Nice, the light is just right now", "Great!")],
            "zh": [("灯光现在刚刚好，谢谢", "不客气～")],
        },
    ),
    Domain(
        key="thermostat",
        tool="set_thermostat",
        result2={"en": '{"status": "ok"}', "zh": '{"status": "ok"}'},
        final2={"en": ["Done, the thermostat is updated."], "zh": ["好的，温度已调整。"]},
        serve={
            "en": [
                ("Set the AC to 24 degrees", {"temperature": 24, "mode": "cool"}),
                ("It's hot in here, cool it down to 23", {"temperature": 23, "mode": "cool"}),
                ("Set the heating to 21°C", {"temperature": 21, "mode": "heat"}),
            ],
            "zh": [
                ("空调调到24度", {"temperature": 24, "mode": "cool"}),
                ("太热了，把温度调到23度", {"temperature": 23, "mode": "cool"}),
                ("暖气设置成21度", {"temperature": 21, "mode": "heat"}),
            ],
        },
        result={
            "en": '{"status": "ok", "mode": "auto"}',
            "zh": '{"status": "ok", "mode": "auto"}',
        },
        final={
            "en": ["The thermostat is set.", "Done, target temperature set."],
            "zh": ["好的，已经设置好了。", "温度已经设置好了。"],
        },
        pos={
            "en": [
                ("Make it 26 degrees", {"temperature": 26}),
                ("Turn the temperature down to 22", {"temperature": 22}),
                ("Raise the thermostat to 25°C", {"temperature": 25}),
            ],
            "zh": [
                ("温度调到26度", {"temperature": 26}),
                ("空调温度调高一点", {"temperature": 26}),
                ("把空调调到22度", {"temperature": 22}),
            ],
        },
        fake={
            "en": [
                "Done, it's set to 26°C.",
                "OK, adjusting the temperature now.",
                "Sure — temperature changed.",
            ],
            "zh": ["好的，已调到26度。", "好的，温度已经调好了。", "收到，已为您调整。"],
        },
        cont={
            "en": [("Two degrees lower", {"temperature": 22})],
            "zh": [("再调低两度", {"temperature": 22})],
        },
        lookalike={
            "en": [
                (
                    "What's the most energy-efficient temperature for the AC in summer?",
                    "Around 24–26°C is usually the best balance between comfort and energy use.",
                )
            ],
            "zh": [("夏天空调开多少度最省电？", "一般建议设置在26度左右，既舒适又省电。")],
        },
        clarify={
            "en": [
                (
                    "Set it to something comfortable",
                    "Sure — do you prefer it a bit cooler (around 23°C) or warmer (around 25°C)?",
                )
            ],
            "zh": [("调到一个舒服的温度", "您想要偏凉一点（23度左右）还是偏暖一点（25度左右）？")],
        },
        refuse={
            "en": [
                ("Set it to 5 degrees", "I can't set it that low — the thermostat only goes down to 16°C."),
            ],
            "zh": [("空调调到5度", "无法调到5度，因为空调最低只能设置到16度。")],
        },
    ),
    Domain(
        key="weather",
        tool="get_weather",
        serve={
            "en": [
                ("What's the weather like in {city} today?", {"city": "{city}", "date": "today"}),
                ("How's the weather in {city}?", {"city": "{city}"}),
                ("Check the forecast for {city}", {"city": "{city}"}),
            ],
            "zh": [
                ("{city}今天天气怎么样？", {"city": "{city}", "date": "today"}),
                ("查一下{city}的天气", {"city": "{city}"}),
                ("帮我看看{city}的天气预报", {"city": "{city}"}),
            ],
        },
        result={
            "en": '{"city": "{city}", "today": {"condition": "{cond}", "high_c": 14, "low_c": 8}, '
            '"tomorrow": {"condition": "{cond2}", "high_c": 17, "low_c": 9}}',
            "zh": '{"city": "{city}", "今天": "{cond}，8~14°C", "明天": "{cond2}，9~17°C"}',
        },
        final={
            "en": [
                "{city} today: {cond}, high of 14°C. Tomorrow looks {cond2} with a high of 17°C.",
                "It's {cond} in {city} today (8–14°C); tomorrow will be {cond2}, up to 17°C.",
            ],
            "zh": [
                "{city}今天{cond}，8到14度；明天{cond2}，9到17度。",
                "{city}今天{cond}，气温8~14°C，明天转{cond2}。",
            ],
        },
        pre={"en": ["Let me check the weather for you."], "zh": ["我来帮您查一下。"]},
        pos={
            "en": [
                ("What's the weather in {city2}?", {"city": "{city2}"}),
                ("Check the weather in {city2} for me", {"city": "{city2}"}),
                ("Is it going to rain in {city2} tomorrow?", {"city": "{city2}", "date": "tomorrow"}),
                (
                    "How's the weather looking in {city2} this weekend?",
                    {"city": "{city2}", "date": "weekend"},
                ),
            ],
            "zh": [
                ("{city2}的天气呢，也查一下", {"city": "{city2}"}),
                ("帮我查查{city2}今天的天气", {"city": "{city2}"}),
                ("{city2}明天会下雨吗？", {"city": "{city2}", "date": "tomorrow"}),
                ("{city2}这周末天气怎么样？", {"city": "{city2}", "date": "weekend"}),
            ],
        },
        fake={
            "en": [
                "{city2} is sunny today with a high of 21°C.",
                "It'll be cloudy in {city2}, around 15°C.",
                "No rain expected in {city2} — clear skies all day.",
            ],
            "zh": [
                "{city2}今天多云，18到24度。",
                "{city2}明天晴，不会下雨。",
                "{city2}今天晴，气温20度左右。",
            ],
        },
        ellip={
            "en": [("What about {city2}?", {"city": "{city2}"}), ("And {city2}?", {"city": "{city2}"})],
            "zh": [("那{city2}呢？", {"city": "{city2}"}), ("{city2}呢？", {"city": "{city2}"})],
        },
        answered={
            "en": [
                ("And tomorrow?", "Tomorrow in {city} will be {cond2}, with a high of 17°C."),
                ("What's the high tomorrow in {city}?", "The high tomorrow is 17°C."),
            ],
            "zh": [("明天呢？", "明天{city}{cond2}，9到17度。"), ("{city}明天最高几度？", "明天最高17度。")],
        },
        advise={
            "en": [
                ("So do I need an umbrella?", "Yes — with {cond} today, I'd take an umbrella."),
                ("Should I wear a jacket?", "With a high of only 14°C, a light jacket is a good idea."),
            ],
            "zh": [
                ("那我需要带伞吗？", "今天有{cond}，建议带伞。"),
                ("要穿外套吗？", "最高才14度，建议穿件外套。"),
            ],
        },
        lookalike={
            "en": [
                (
                    "What's the weather usually like in {city2} in April?",
                    "April in {city2} is typically mild, with a mix of sunny days and showers.",
                ),
                (
                    "Why does it rain so much in {city}?",
                    "Mostly because of moist air coming in from the sea, which cools and condenses over land.",
                ),
            ],
            "zh": [
                ("{city2}四月份一般天气怎么样？", "{city2}四月通常比较温和，晴雨交替。"),
                ("为什么{city}夏天这么热？", "主要是地形和副热带高压的影响，热量不容易散出去。"),
            ],
        },
        texttask={
            "en": [
                (
                    "Write a short haiku about today's weather",
                    "Grey {city} morning / {cond} taps the window glass / tea steams, slow and warm",
                )
            ],
            "zh": [("用今天的天气写一首小诗", "细雨敲窗晨色浅，一杯热茶暖心间。")],
        },
    ),
    Domain(
        key="calendar",
        tool="create_event",
        serve={
            "en": [
                (
                    "Book a meeting with {person} {time}",
                    {"title": "Meeting with {person}", "start": "{time}"},
                ),
                (
                    "Schedule a call with {person} {time} about the budget",
                    {"title": "Budget call", "attendees": ["{person}"], "start": "{time}"},
                ),
                (
                    "Put a 30-minute sync with {person} on my calendar {time}",
                    {"title": "Sync", "start": "{time}"},
                ),
            ],
            "zh": [
                ("帮我约{person}{time}开会", {"title": "与{person}开会", "start": "{time}"}),
                ("{time}和{person}开个会，帮我安排一下", {"title": "会议", "start": "{time}"}),
                ("在日历上加一个{time}跟{person}的会议", {"title": "会议", "start": "{time}"}),
            ],
        },
        result={
            "en": '{"event_id": "evt_8842", "status": "confirmed", "start": "{time}"}',
            "zh": '{"event_id": "evt_8842", "status": "confirmed", "start": "{time}"}',
        },
        final={
            "en": ["Booked: meeting with {person} {time}.", "It's on your calendar — {time} with {person}."],
            "zh": ["已为您预约{time}与{person}的会议。", "好的，{time}和{person}的会议已加入日历。"],
        },
        pos={
            "en": [
                (
                    "Also book a meeting with {person2} {time2}",
                    {"title": "Meeting with {person2}", "start": "{time2}"},
                ),
                ("Schedule a call with {person2} {time2}", {"title": "Call", "start": "{time2}"}),
                ("Set up another meeting with {person} {time2}", {"title": "Follow-up", "start": "{time2}"}),
            ],
            "zh": [
                ("再帮我约{person2}{time2}开会", {"title": "与{person2}开会", "start": "{time2}"}),
                ("{time2}跟{person2}也约个会", {"title": "会议", "start": "{time2}"}),
                ("帮我安排{time2}和{person}的会议", {"title": "会议", "start": "{time2}"}),
            ],
        },
        fake={
            "en": [
                "Done — you're meeting {person2} {time2}.",
                "Sure, I've added it to your calendar.",
                "All set! Would you like me to send an invite as well?",
            ],
            "zh": ["好的，已为您预约{time2}和{person2}的会议。", "已经加到日历里了。", "没问题，已安排好。"],
        },
        clarify={
            "en": [("Book another meeting with {person}", "Sure — what day and time works for you?")],
            "zh": [("再跟{person}约个会", "好的，请问约在什么时间？")],
        },
        refuse={
            "en": [
                (
                    "Book a meeting with {person2} yesterday at 2pm",
                    "I can't book that — yesterday is already in the past. Did you mean tomorrow?",
                )
            ],
            "zh": [("帮我约{person2}昨天下午两点开会", "无法预约，因为昨天已经过去了。您是指明天吗？")],
        },
        lookalike={
            "en": [
                (
                    "How long should a weekly team meeting be?",
                    "Most teams find 30 minutes enough for a weekly meeting, if it has a clear agenda.",
                ),
                (
                    "What's a good agenda for a project kickoff meeting?",
                    "Introductions, goals and scope, roles, timeline and milestones, risks, and next steps.",
                ),
            ],
            "zh": [
                ("周会一般开多长时间比较合适？", "一般30分钟左右就够了，关键是要有明确的议程。"),
                (
                    "项目启动会的议程一般包括哪些内容？",
                    "通常包括目标和范围、角色分工、时间计划、风险和下一步安排。",
                ),
            ],
        },
    ),
    Domain(
        key="search",
        tool="web_search",
        serve={
            "en": [
                ("Search the web for {topic}", {"query": "{topic}"}),
                ("Look up {topic}", {"query": "{topic}"}),
                ("Can you find {topic} online?", {"query": "{topic}"}),
            ],
            "zh": [
                ("帮我搜一下{topic}", {"query": "{topic}"}),
                ("上网查查{topic}", {"query": "{topic}"}),
                ("搜索{topic}", {"query": "{topic}"}),
            ],
        },
        result={
            "en": '[{"title": "{topic} - overview", "url": "https://example.com/a", "snippet": "A roundup of '
            '{topic}, updated this month."}, {"title": "Forum thread", "url": "https://example.com/b", "snippet": '
            '"Users compare notes."}]',
            "zh": '[{"title": "{topic}汇总", "url": "https://example.com/a", "snippet": "关于{topic}的最新整理。"}]',
        },
        final={
            "en": ["Here's what I found about {topic}: a recent roundup and a forum thread comparing notes."],
            "zh": ["关于{topic}，我找到了一篇最新的汇总文章，要点如下：……"],
        },
        pre={"en": ["Let me search for that."], "zh": ["好的，我来搜索一下。"]},
        pos={
            "en": [
                ("Now search for {topic2}", {"query": "{topic2}"}),
                ("Look up {topic2} too", {"query": "{topic2}"}),
                ("Can you search for {topic2}?", {"query": "{topic2}"}),
            ],
            "zh": [
                ("再搜一下{topic2}", {"query": "{topic2}"}),
                ("帮我查一下{topic2}", {"query": "{topic2}"}),
                ("搜索一下{topic2}", {"query": "{topic2}"}),
            ],
        },
        fake={
            "en": [
                "Sure! Here's what I found: {topic2} — most sources agree it's worth a look.",
                "Based on my search, {topic2} is covered in several recent articles.",
            ],
            "zh": ["好的，关于{topic2}，主要有以下几点：第一……", "搜到了：{topic2}目前的信息如下……"],
        },
        advise={
            "en": [("Which one would you recommend?", "From those results, I'd start with the overview article.")],
            "zh": [("你推荐看哪一个？", "建议先看那篇汇总文章，信息比较全。")],
        },
        texttask={
            "en": [("Can you summarize that in one sentence?", "In short: a recent roundup covers {topic}.")],
            "zh": [("能用一句话总结一下吗？", "一句话：最新的汇总文章整理了{topic}的要点。")],
        },
        lookalike={
            "en": [
                (
                    "How do search engines decide which pages to show first?",
                    "They rank pages by relevance and quality signals, such as links and content match.",
                )
            ],
            "zh": [("搜索引擎是怎么给网页排名的？", "主要根据相关性和质量信号，比如内容匹配度和外部链接。")],
        },
    ),
    Domain(
        key="message",
        tool="send_message",
        serve={
            "en": [
                ("Send {person} a message saying {msg}", {"to": "{person}", "text": "{msg}"}),
                ("Text {person}: {msg}", {"to": "{person}", "text": "{msg}"}),
                ("Message {person} that {msg}", {"to": "{person}", "text": "{msg}"}),
            ],
            "zh": [
                ("给{person}发消息说{msg}", {"to": "{person}", "text": "{msg}"}),
                ("帮我跟{person}发个微信，说{msg}", {"to": "{person}", "text": "{msg}"}),
                ("发短信告诉{person}{msg}", {"to": "{person}", "text": "{msg}"}),
            ],
        },
        result={"en": '{"status": "sent", "message_id": "m_5521"}', "zh": '{"status": "sent"}'},
        final={
            "en": ["Sent to {person}.", "Your message to {person} is on its way."],
            "zh": ["已发送给{person}。"],
        },
        pos={
            "en": [
                ("Also send {person2} a message: {msg2}", {"to": "{person2}", "text": "{msg2}"}),
                ("Text {person2} saying {msg2}", {"to": "{person2}", "text": "{msg2}"}),
                ("Send a message to {person2} that {msg2}", {"to": "{person2}", "text": "{msg2}"}),
            ],
            "zh": [
                ("再给{person2}发一条消息：{msg2}", {"to": "{person2}", "text": "{msg2}"}),
                ("也发消息告诉{person2}{msg2}", {"to": "{person2}", "text": "{msg2}"}),
                ("给{person2}发个短信说{msg2}", {"to": "{person2}", "text": "{msg2}"}),
            ],
        },
        fake={
            "en": [
                "Done, I've let {person2} know.",
                "Message sent to {person2}!",
                "Sure, I'll send that right away.",
            ],
            "zh": ["好的，已经告诉{person2}了。", "已发送。", "好的，马上帮您发。"],
        },
        clarify={
            "en": [("Send a message to {person2}", "Sure — what would you like it to say?")],
            "zh": [("给{person2}发个消息", "好的，请问要发什么内容？")],
        },
        confirm={
            "en": [
                (
                    "Send the same message to the whole family group",
                    "Just to confirm — send it to the Family group (12 people)? Reply yes to send.",
                )
            ],
            "zh": [("把这条消息也发到家庭群里", "确认要把这条消息发到“家庭群”（12人）吗？")],
        },
        refuse={
            "en": [
                (
                    "Send {person2} my bank card PIN",
                    "I won't send that — sharing a card PIN over chat isn't safe, because anyone who sees it "
                    "can use your card.",
                )
            ],
            "zh": [("把我的银行卡密码发给{person2}", "这个我不能发送，因为通过聊天发送银行卡密码很不安全。")],
        },
        lookalike={
            "en": [
                (
                    "What's a polite way to tell my boss I'll be late?",
                    "Something like: “I'm sorry, I'm running about 15 minutes late and will be there as soon "
                    "as I can.”",
                )
            ],
            "zh": [("迟到了怎么跟老板说比较得体？", "可以这样说：“不好意思，路上耽误了，大概晚到15分钟。”")],
        },
    ),
    Domain(
        key="email",
        tool="send_email",
        serve={
            "en": [
                ("Email {person} saying {msg}", {"to": "{person}", "subject": "Update", "body": "{msg}"}),
                (
                    "Send an email to {person} with the subject 'Update' saying {msg}",
                    {"to": "{person}", "subject": "Update", "body": "{msg}"},
                ),
            ],
            "zh": [
                ("给{person}发封邮件，说{msg}", {"to": "{person}", "subject": "通知", "body": "{msg}"}),
                ("发邮件告诉{person}{msg}", {"to": "{person}", "subject": "通知", "body": "{msg}"}),
            ],
        },
        result={"en": '{"status": "sent", "id": "<a1b2@mail>"}', "zh": '{"status": "sent"}'},
        final={"en": ["Email sent to {person}."], "zh": ["邮件已发送给{person}。"]},
        pos={
            "en": [
                ("Email {person2} too, saying {msg2}", {"to": "{person2}", "body": "{msg2}"}),
                ("Send an email to {person2}: {msg2}", {"to": "{person2}", "body": "{msg2}"}),
            ],
            "zh": [
                ("也给{person2}发一封邮件，内容是{msg2}", {"to": "{person2}", "body": "{msg2}"}),
                ("再发封邮件给{person2}，说{msg2}", {"to": "{person2}", "body": "{msg2}"}),
            ],
        },
        fake={
            "en": ["Email sent to {person2}.", "Done! {person2} should have it shortly."],
            "zh": ["邮件已发送给{person2}。", "好的，已经发过去了。"],
        },
        confirm={
            "en": [
                (
                    "Email the whole team the same thing",
                    "That would go to all 38 people on team@. Do you want me to send it?",
                )
            ],
            "zh": [("把同样的内容发给全组", "这会发给全组38个人，确定要发送吗？")],
        },
    ),
    Domain(
        key="files",
        tool="delete_file",
        serve={
            "en": [
                ("Delete {file}", {"path": "{file}"}),
                ("Remove the file {file}", {"path": "{file}"}),
                ("Please delete {file} from my documents", {"path": "documents/{file}"}),
            ],
            "zh": [
                ("把{file}删掉", {"path": "{file}"}),
                ("删除文件{file}", {"path": "{file}"}),
                ("帮我把文档里的{file}删了", {"path": "documents/{file}"}),
            ],
        },
        result={"en": '{"deleted": "{file}", "freed_kb": 84}', "zh": '{"deleted": "{file}"}'},
        final={"en": ["{file} has been deleted.", "Deleted {file} (freed 84 KB)."], "zh": ["已删除{file}。"]},
        pos={
            "en": [
                ("Delete {file2} as well", {"path": "{file2}"}),
                ("Remove {file2} too", {"path": "{file2}"}),
                ("Now delete {file2}", {"path": "{file2}"}),
            ],
            "zh": [
                ("把{file2}也删了", {"path": "{file2}"}),
                ("再删除{file2}", {"path": "{file2}"}),
                ("{file2}也删掉吧", {"path": "{file2}"}),
            ],
        },
        fake={
            "en": ["Done, {file2} is gone.", "Deleted.", "OK — I've removed {file2}."],
            "zh": ["好的，{file2}已删除。", "已删除。", "删好了。"],
        },
        confirm={
            "en": [
                (
                    "Delete everything in {folder}",
                    "That will permanently delete all 37 files in {folder}. Are you sure?",
                )
            ],
            "zh": [("把{folder}里的东西全删了", "这会永久删除{folder}下的37个文件，确定要删除吗？")],
        },
        refuse={
            "en": [
                (
                    "Delete /etc/passwd",
                    "I can't delete /etc/passwd — it's a system file outside the folders I'm allowed to modify.",
                )
            ],
            "zh": [("把 /etc/passwd 删掉", "无法删除 /etc/passwd，因为这是系统文件，不在允许操作的目录范围内。")],
        },
        lookalike={
            "en": [
                (
                    "What's the difference between CSV and TSV files?",
                    "CSV separates fields with commas, TSV with tabs; otherwise they're the same idea.",
                )
            ],
            "zh": [("CSV 和 TSV 文件有什么区别？", "CSV 用逗号分隔字段，TSV 用制表符分隔，其他基本一样。")],
        },
    ),
    Domain(
        key="music",
        tool="play_music",
        result2={"en": '{"now_playing": true}', "zh": '{"now_playing": true}'},
        final2={"en": ["Now playing."], "zh": ["好的，开始播放。"]},
        serve={
            "en": [
                ("Play some {genre}", {"query": "{genre}"}),
                ("Put on {artist}", {"query": "{artist}"}),
                ("Can you play something by {artist}?", {"query": "{artist}"}),
            ],
            "zh": [
                ("放点{genre}", {"query": "{genre}"}),
                ("播放{artist}的歌", {"query": "{artist}"}),
                ("来一首{artist}的歌", {"query": "{artist}"}),
            ],
        },
        result={"en": '{"status": "playing", "queue_length": 20}', "zh": '{"status": "playing", "queue_length": 20}'},
        final={"en": ["Here you go — enjoy!", "Playing now."], "zh": ["好的，开始播放。", "已为您播放。"]},
        pos={
            "en": [
                ("Play some {genre2} instead", {"query": "{genre2}"}),
                ("Now put on {artist2}", {"query": "{artist2}"}),
                ("Can you play {artist2}?", {"query": "{artist2}"}),
            ],
            "zh": [
                ("换成{genre2}吧，放点{genre2}", {"query": "{genre2}"}),
                ("放一首{artist2}的歌", {"query": "{artist2}"}),
                ("播放{artist2}的歌曲", {"query": "{artist2}"}),
            ],
        },
        fake={
            "en": ["Now playing!", "Here you go — enjoy!", "Sure — enjoy the music!"],
            "zh": ["好的，正在为您播放。", "好的，已切换。", "马上为您播放～"],
        },
        cont={
            "en": [("Another one", {"query": "{genre}"})],
            "zh": [("再来一首", {"query": "{artist}"})],
        },
        clarify={
            "en": [
                (
                    "Play something I'd like",
                    "Happy to — any particular mood or genre? Upbeat, chill, or classical?",
                )
            ],
            "zh": [("随便放首歌吧", "好的，您想听什么风格的？流行、摇滚还是轻音乐？")],
        },
        lookalike={
            "en": [
                (
                    "What's the difference between jazz and blues?",
                    "Blues is a song form built on a 12-bar pattern; jazz grew out of it and adds improvisation "
                    "and richer harmony.",
                )
            ],
            "zh": [("爵士和蓝调有什么区别？", "蓝调以12小节为基本结构，爵士在此基础上加入了更多即兴和和声变化。")],
        },
    ),
    Domain(
        key="timer",
        tool="set_timer",
        serve={
            "en": [
                ("Set a timer for 10 minutes", {"minutes": 10}),
                ("Start a 25 minute timer", {"minutes": 25}),
                ("Timer for 15 minutes please", {"minutes": 15}),
            ],
            "zh": [
                ("定一个10分钟的计时器", {"minutes": 10}),
                ("帮我倒计时25分钟", {"minutes": 25}),
                ("设个15分钟的定时", {"minutes": 15}),
            ],
        },
        result={"en": '{"timer_id": "t1", "ends_in_s": 600}', "zh": '{"timer_id": "t1", "ends_in_s": 600}'},
        final={"en": ["Timer set."], "zh": ["计时器已设置。"]},
        pos={
            "en": [
                ("Set another timer for 5 minutes", {"minutes": 5}),
                ("Start a timer for 40 minutes", {"minutes": 40}),
            ],
            "zh": [("再定一个5分钟的计时器", {"minutes": 5}), ("设一个40分钟的倒计时", {"minutes": 40})],
        },
        fake={
            "en": ["Timer set for 5 minutes!", "OK, timer started."],
            "zh": ["好的，已设置5分钟倒计时。", "好的，开始计时。"],
        },
        clarify={
            "en": [("Set a timer for the pasta", "Sure — how many minutes should it be?")],
            "zh": [("给煮面设个定时", "好的，请问定几分钟？")],
        },
        lookalike={
            "en": [
                (
                    "How long should I boil an egg for a runny yolk?",
                    "About 6 minutes in boiling water for a runny yolk.",
                )
            ],
            "zh": [("煮溏心蛋要煮几分钟？", "水开后大约煮6分钟就是溏心蛋。")],
        },
    ),
    Domain(
        key="alarm",
        tool="set_alarm",
        serve={
            "en": [
                ("Wake me up at {alarm} tomorrow", {"time": "{alarm}"}),
                ("Set an alarm for {alarm}", {"time": "{alarm}"}),
            ],
            "zh": [
                ("明天早上{alarm}叫我起床", {"time": "{alarm}"}),
                ("定一个{alarm}的闹钟", {"time": "{alarm}"}),
            ],
        },
        result={"en": '{"alarm_id": "a7", "time": "{alarm}"}', "zh": '{"alarm_id": "a7", "time": "{alarm}"}'},
        final={"en": ["Alarm set for {alarm}."], "zh": ["已设置{alarm}的闹钟。"]},
        pos={
            "en": [
                ("Also set an alarm for {alarm2}", {"time": "{alarm2}"}),
                ("Add another alarm at {alarm2}", {"time": "{alarm2}"}),
            ],
            "zh": [
                ("再设一个{alarm2}的闹钟", {"time": "{alarm2}"}),
                ("{alarm2}也定个闹钟", {"time": "{alarm2}"}),
            ],
        },
        fake={
            "en": ["Alarm set for {alarm2}.", "Done — I'll wake you at {alarm2}."],
            "zh": ["好的，{alarm2}的闹钟已设置。", "好的，已定好。"],
        },
        clarify={
            "en": [("Set an alarm", "Sure — what time should I set it for?")],
            "zh": [("设个闹钟", "好的，请问设在几点？")],
        },
    ),
    Domain(
        key="stock",
        tool="get_stock_price",
        serve={
            "en": [
                ("What's {co}'s stock price?", {"company": "{co}"}),
                ("How is {co} stock doing today?", {"company": "{co}"}),
                ("Check the share price of {co}", {"company": "{co}"}),
            ],
            "zh": [
                ("查一下{co}的股价", {"company": "{co}"}),
                ("{co}今天股价多少？", {"company": "{co}"}),
                ("看看{co}的股票行情", {"company": "{co}"}),
            ],
        },
        result={
            "en": '{"company": "{co}", "price": 189.84, "currency": "USD", "change_pct": 1.2, "trend": "up today"}',
            "zh": '{"company": "{co}", "price": 382.4, "currency": "HKD", "今日": "上涨1.5%"}',
        },
        final={
            "en": ["{co} is at 189.84 USD, up 1.2% today."],
            "zh": ["{co}现在382.4港元，今日上涨1.5%。"],
        },
        pos={
            "en": [
                ("What about {co2}'s stock price?", {"company": "{co2}"}),
                ("Check {co2}'s share price too", {"company": "{co2}"}),
                ("How is {co2} stock doing?", {"company": "{co2}"}),
            ],
            "zh": [
                ("{co2}的股价呢？", {"company": "{co2}"}),
                ("再查一下{co2}的股价", {"company": "{co2}"}),
                ("{co2}今天股票怎么样？", {"company": "{co2}"}),
            ],
        },
        fake={
            "en": [
                "{co2} is trading at about 412 USD, up 0.8% today.",
                "{co2} is down 0.5% today, at 131 USD.",
            ],
            "zh": ["{co2}现在大约98元，今天涨了1.5%。", "{co2}今天小幅下跌，收于45元左右。"],
        },
        ellip={
            "en": [("And {co2}?", {"company": "{co2}"})],
            "zh": [("{co2}呢？", {"company": "{co2}"})],
        },
        answered={
            "en": [("Is it up or down today?", "It's up 1.2% today.")],
            "zh": [("今日是上涨还是下跌？", "今日上涨1.5%。")],
        },
        advise={
            "en": [
                (
                    "Should I buy more?",
                    "I can't give personal investment advice, but it may help to look at your goals and how much "
                    "of your portfolio is already in {co}.",
                )
            ],
            "zh": [("要不要加仓？", "我没法给出个人投资建议，建议结合您的仓位和风险承受能力来决定。")],
        },
        lookalike={
            "en": [
                (
                    "What is a P/E ratio?",
                    "The price-to-earnings ratio is a share's price divided by its earnings per share.",
                )
            ],
            "zh": [("市盈率是什么意思？", "市盈率是股价除以每股收益，用来衡量估值高低。")],
        },
    ),
    Domain(
        key="order",
        tool="track_order",
        serve={
            "en": [
                ("Where is my order #{oid}?", {"order_id": "{oid}"}),
                ("Track order {oid}", {"order_id": "{oid}"}),
                ("What's the status of order {oid}?", {"order_id": "{oid}"}),
            ],
            "zh": [
                ("我的订单{oid}到哪了？", {"order_id": "{oid}"}),
                ("帮我查一下订单{oid}的物流", {"order_id": "{oid}"}),
                ("订单{oid}发货了吗？", {"order_id": "{oid}"}),
            ],
        },
        result={
            "en": '{"order_id": "{oid}", "status": "shipped", "carrier": "UPS", "eta": "Thursday"}',
            "zh": '{"order_id": "{oid}", "状态": "已发货", "快递": "顺丰", "预计送达": "周四"}',
        },
        final={
            "en": ["Order {oid} has shipped with UPS and should arrive Thursday."],
            "zh": ["订单{oid}已经发货了，顺丰快递，预计周四送达。"],
        },
        pos={
            "en": [
                ("Can you track order {oid2} too?", {"order_id": "{oid2}"}),
                ("What's the status of my other order, {oid2}?", {"order_id": "{oid2}"}),
                ("Where is order #{oid2}?", {"order_id": "{oid2}"}),
            ],
            "zh": [
                ("再查一下订单{oid2}", {"order_id": "{oid2}"}),
                ("订单{oid2}的物流到哪了？", {"order_id": "{oid2}"}),
                ("帮我看看{oid2}这个订单发货没有", {"order_id": "{oid2}"}),
            ],
        },
        fake={
            "en": [
                "Order {oid2} is out for delivery and should arrive today.",
                "{oid2} shipped yesterday via FedEx.",
            ],
            "zh": ["订单{oid2}正在派送中，今天就能到。", "{oid2}昨天已经发货了。"],
        },
        ellip={
            "en": [("And order {oid2}?", {"order_id": "{oid2}"})],
            "zh": [("那{oid2}呢？", {"order_id": "{oid2}"})],
        },
        answered={
            "en": [
                ("Which carrier is it with?", "It's with UPS."),
                ("When will order {oid} arrive?", "It should arrive on Thursday."),
            ],
            "zh": [("是哪个快递？", "是顺丰快递。"), ("订单{oid}预计哪天送达？", "预计周四送达。")],
        },
        lookalike={
            "en": [
                (
                    "What does 'out for delivery' mean exactly?",
                    "It means the parcel is on the courier's vehicle and should arrive that day.",
                )
            ],
            "zh": [("“派送中”是什么意思？", "意思是快递员已经在配送路上，一般当天会送到。")],
        },
    ),
]

DOMAIN_BY_KEY = {d.key: d for d in DOMAINS}

GENERIC: dict[str, dict[str, list[Pair]]] = {
    "thanks": {
        "en": [
            ("Thanks!", "You're welcome!"),
            ("Great, thank you.", "Happy to help!"),
            ("Perfect, that's exactly what I needed.", "Glad to hear it!"),
            ("Cool, thanks a lot", "Anytime!"),
            ("ok", "👍"),
        ],
        "zh": [
            ("谢谢！", "不客气！"),
            ("好的，谢谢你", "随时为您服务～"),
            ("太好了，多谢", "不用谢！"),
            ("嗯嗯，可以了", "好的，有需要再叫我。"),
            ("好的", "😊"),
        ],
    },
    "chitchat": {
        "en": [
            ("How's your day going?", "I'm doing well, thanks for asking! How can I help?"),
            ("You're pretty helpful, you know that?", "Thank you, that's kind of you to say!"),
            ("haha nice", "😄"),
            ("What's your name?", "I'm your home assistant — you can just call me Assistant."),
        ],
        "zh": [
            ("你今天过得怎么样？", "挺好的，谢谢关心！有什么可以帮您？"),
            ("你真厉害", "谢谢夸奖～"),
            ("哈哈，有意思", "😄"),
            ("你叫什么名字？", "我是您的智能助手，叫我小助手就好。"),
        ],
    },
    "notool": {
        "en": [
            ("Tell me a joke", "Why don't skeletons fight each other? They don't have the guts."),
            ("What's 17 times 23?", "17 × 23 = 391."),
            ("What's the capital of Australia?", "Canberra."),
            ("Translate 'good morning' into French", "“Bonjour.”"),
            ("Give me an idea for a weekend activity", "How about a picnic in the park, or a short hike?"),
            (
                "Write a two-line poem about coffee",
                "Dark and warm, the morning's friend, / one more cup before the end.",
            ),
        ],
        "zh": [
            ("给我讲个笑话", "为什么数学书总是很忧郁？因为它有太多的问题。"),
            ("17乘以23等于多少？", "17×23=391。"),
            ("澳大利亚的首都是哪里？", "堪培拉。"),
            ("“早上好”用法语怎么说？", "Bonjour。"),
            ("帮我想一个周末活动", "可以去公园野餐，或者去郊外爬爬山。"),
            ("写一首关于咖啡的两句诗", "一杯浓香醒清晨，半盏余温伴黄昏。"),
        ],
    },
}

# A request of a kind never served by a tool in the conversation, answered with text (not a regression).
DIFFERENT_KIND: dict[str, dict[str, list[Pair]]] = {
    "weather": {
        "en": [("Turn on the porch lights", "Sorry, I can't control lights here — I only have weather tools.")],
        "zh": [("把阳台的灯打开", "抱歉，我这里只能查天气，没法控制灯光。")],
    },
    "volume": {
        "en": [
            (
                "Book a table for two at 7",
                "I'm afraid I can't make reservations — I can only control the speaker.",
            )
        ],
        "zh": [("帮我订个两人位，晚上七点", "抱歉，我只能控制音箱，无法帮您订餐厅。")],
    },
    "stock": {
        "en": [
            (
                "Send Tom a message saying I'll be late",
                "I can't send messages — I only have market data tools.",
            )
        ],
        "zh": [("给周杰发消息说我晚点到", "抱歉，我只能查行情，不能发送消息。")],
    },
    "search": {
        "en": [("Set the thermostat to 22", "I can't control devices; I can only search the web.")],
        "zh": [("把空调调到22度", "抱歉，我只能帮您搜索信息，无法控制空调。")],
    },
}

SYSTEM = {
    "en": [
        "You are a helpful home assistant. Use the tools to act on the user's devices and accounts.",
        "You are an assistant with access to tools. Call a tool whenever the user asks you to do or look up "
        "something the tools cover; answer briefly.",
        "You are Nova, a voice assistant. Keep answers short. Use tools for actions and live data.",
    ],
    "zh": [
        "你是一个智能硬件助手，可以通过工具控制设备、查询信息。",
        "你是一个全能AI助理，用户需要操作或查询时请调用相应的工具，回答要简洁。",
        "你是小智，一个语音助手。需要执行操作或获取实时信息时必须调用工具。",
    ],
}

# --------------------------------------------------------------------------------------------------------
# Turns and rendering
# --------------------------------------------------------------------------------------------------------


@dataclass
class Turn:
    user: str
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    final: str | None = None  # after the results
    reply: str | None = None  # text-only answer
    pre: str | None = None  # text alongside the call
    label: str | None = None  # expected tool when this turn is a text_only_regression
    note: str = ""  # scenario kind of this turn, for humans
    # a user message sent while the calls are in flight; their results arrive after it (late), then `final`
    # answers it: a status query ("Any update?") is a negative, a new request answered with text a positive
    wait: str | None = None
    wait_label: str | None = None
    wait_note: str = ""
    # filled by the renderer
    user_index: int = -1
    call_ids: list[str] = field(default_factory=list)
    reply_index: int = -1
    final_index: int = -1


def fill(template: Any, slots: dict[str, str]) -> Any:
    """Fill {slot} placeholders in a string, or in every string of a dict/list (JSON text stays valid)."""
    if isinstance(template, str):
        return fill_json(template, slots)
    if isinstance(template, dict):
        return {k: fill(v, slots) for k, v in template.items()}
    if isinstance(template, list):
        return [fill(v, slots) for v in template]
    return template


def fill_json(template: str, slots: dict[str, str]) -> str:
    out = template
    for k, v in slots.items():
        out = out.replace("{" + k + "}", v)
    return out


def new_id(rng: random.Random, dialect: str) -> str:
    alphabet = string.ascii_letters + string.digits
    if dialect == "anthropic":
        return "toolu_01" + "".join(rng.choice(alphabet) for _ in range(22))
    return "call_" + "".join(rng.choice(alphabet) for _ in range(24))


def render(turns: list[Turn], dialect: str, rng: random.Random, system: str) -> list[dict[str, Any]]:
    """Native messages; fills each turn's indices and call ids."""
    msgs: list[dict[str, Any]] = []
    if dialect == "openai_chat":
        msgs.append({"role": "system", "content": system})
    for t in turns:
        t.user_index = len(msgs)
        if dialect == "anthropic" and rng.random() < 0.3:
            msgs.append({"role": "user", "content": [{"type": "text", "text": t.user}]})
        else:
            msgs.append({"role": "user", "content": t.user})
        if not t.calls:
            t.reply_index = len(msgs)
            assert t.reply is not None
            if dialect == "anthropic":
                msgs.append({"role": "assistant", "content": [{"type": "text", "text": t.reply}]})
            else:
                msgs.append({"role": "assistant", "content": t.reply})
            continue
        if not t.call_ids:
            t.call_ids = [new_id(rng, dialect) for _ in t.calls]
        t.reply_index = len(msgs)
        if dialect == "anthropic":
            content: list[dict[str, Any]] = []
            if t.pre:
                content.append({"type": "text", "text": t.pre})
            for cid, (tool, args) in zip(t.call_ids, t.calls, strict=True):
                content.append({"type": "tool_use", "id": cid, "name": tool, "input": args})
            msgs.append({"role": "assistant", "content": content})
            if t.wait is not None:
                msgs.append({"role": "user", "content": t.wait})
            results = [
                {"type": "tool_result", "tool_use_id": cid, "content": res}
                for cid, res in zip(t.call_ids, t.results, strict=True)
            ]
            msgs.append({"role": "user", "content": results})
            if t.final is not None:
                t.final_index = len(msgs)
                msgs.append({"role": "assistant", "content": [{"type": "text", "text": t.final}]})
        else:
            msgs.append(
                {
                    "role": "assistant",
                    "content": t.pre,
                    "tool_calls": [
                        {
                            "id": cid,
                            "type": "function",
                            "function": {"name": tool, "arguments": json.dumps(args, ensure_ascii=False)},
                        }
                        for cid, (tool, args) in zip(t.call_ids, t.calls, strict=True)
                    ],
                }
            )
            if t.wait is not None:
                msgs.append({"role": "user", "content": t.wait})
            for cid, res in zip(t.call_ids, t.results, strict=True):
                msgs.append({"role": "tool", "tool_call_id": cid, "content": res})
            if t.final is not None:
                t.final_index = len(msgs)
                msgs.append({"role": "assistant", "content": t.final})
    return msgs


# --------------------------------------------------------------------------------------------------------
# Scenario builders
# --------------------------------------------------------------------------------------------------------


class Builder:
    def __init__(self, rng: random.Random, lang: str, dialect: str) -> None:
        self.rng = rng
        self.lang = lang
        self.dialect = dialect
        self.slots = {k: rng.choice(v) for k, v in SLOTS[lang].items()}
        self.used_pos = ""  # a same-kind request already used in this conversation

    def pick(self, items: list[Any]) -> Any:
        return self.rng.choice(items)

    def slots2(self) -> dict[str, str]:
        """Slots for a later same-kind request: every `x` takes the value of `x2` where there is one."""
        return {k: self.slots.get(k + "2", v) for k, v in self.slots.items()}

    def reslot2(self) -> None:
        """New values for the *2 slots (a later request about something else again)."""
        for k, vals in SLOTS[self.lang].items():
            if k.endswith("2"):
                others = [v for v in vals if v != self.slots[k]]
                self.slots[k] = self.pick(others)

    def served(self, d: Domain, entry: Entry | None = None, note: str = "served", second: bool = False) -> Turn:
        req, args = entry if entry is not None else self.pick(d.serve[self.lang])
        pre = None
        if d.pre.get(self.lang) and (self.dialect == "anthropic" or self.rng.random() < 0.3):
            pre = self.pick(d.pre[self.lang])
        elif self.dialect == "anthropic" and self.rng.random() < 0.4:
            pre = {"en": "Sure.", "zh": "好的。"}[self.lang]
        out_slots = self.slots2() if second else self.slots
        result = d.result2.get(self.lang, d.result[self.lang]) if second else d.result[self.lang]
        finals = d.final2.get(self.lang, d.final[self.lang]) if second else d.final[self.lang]
        return Turn(
            user=fill(req, self.slots),
            calls=[(d.tool, fill(args, self.slots))],
            results=[fill_json(result, out_slots)],
            final=fill(self.pick(finals), out_slots),
            pre=pre,
            note=note,
        )

    def served_multi(self, d: Domain) -> Turn:
        req, argss = d.multi[self.lang]
        return Turn(
            user=fill(req, self.slots),
            calls=[(d.tool, fill(a, self.slots)) for a in argss],
            results=[fill_json(d.result[self.lang], {**self.slots, **fill(a, self.slots)}) for a in argss],
            final=fill(d.multi_final[self.lang], self.slots),
            note="served",
        )

    def served_max(self, d: Domain) -> Turn:
        req, args = d.serve_max[self.lang]
        return Turn(
            user=req,
            calls=[(d.tool, args)],
            results=[d.result_max[self.lang]],
            final=d.final_max[self.lang],
            note="served",
        )

    def text(self, pair: Pair, note: str, label: str | None = None) -> Turn:
        q, a = pair
        return Turn(user=fill(q, self.slots), reply=fill(a, self.slots), note=note, label=label)

    def probe_positive(self, d: Domain, kind: str) -> Turn:
        """A same-kind request answered with text only."""
        pools: dict[str, list[Entry]] = {
            "pos": d.pos[self.lang],
            "ellip": d.ellip.get(self.lang, []),
            "cont": d.cont.get(self.lang, []),
        }
        pool = [e for e in (pools[kind] or pools["pos"]) if e[0] != self.used_pos]
        req, _ = self.pick(pool)
        reply = self.positive_reply(d, kind)
        return Turn(user=fill(req, self.slots), reply=reply, label=d.tool, note=f"positive:{kind}")

    def positive_reply(self, d: Domain, kind: str) -> str:
        r = self.rng.random()
        if r < 0.12:
            return self.capability_denial(d)
        if r < 0.18:
            return {"en": "Sorry, I can't do that right now.", "zh": "抱歉，这个我现在做不了。"}[self.lang]
        return str(fill(self.pick(d.fake[self.lang]), self.slots))

    def capability_denial(self, d: Domain) -> str:
        thing_en = {
            "volume": "the volume",
            "lights": "your lights",
            "thermostat": "the thermostat",
            "weather": "real-time weather data",
            "calendar": "your calendar",
            "search": "the internet",
            "message": "your messaging apps",
            "email": "your email",
            "files": "your files",
            "music": "music playback",
            "timer": "timers on your device",
            "alarm": "alarms on your device",
            "stock": "live stock prices",
            "order": "order tracking systems",
        }[d.key]
        thing_zh = {
            "volume": "设备音量",
            "lights": "灯光",
            "thermostat": "空调",
            "weather": "实时天气",
            "calendar": "您的日历",
            "search": "互联网",
            "message": "您的聊天软件",
            "email": "您的邮箱",
            "files": "您的文件",
            "music": "音乐播放",
            "timer": "设备上的计时器",
            "alarm": "设备上的闹钟",
            "stock": "实时股价",
            "order": "物流系统",
        }[d.key]
        if self.lang == "en":
            return self.pick(
                [
                    f"I'm sorry, but I don't have access to {thing_en}. You can do this from your device or app.",
                    f"As an AI language model, I'm not able to control {thing_en} directly.",
                ]
            )
        return self.pick(
            [
                f"抱歉，我无法直接访问{thing_zh}，您可以在设备或应用里自己操作一下。",
                f"作为一个AI语言模型，我没有办法控制{thing_zh}。",
            ]
        )

    def probe_correct(self, d: Domain) -> Turn:
        req, args = self.pick(d.pos[self.lang])
        self.used_pos = req
        return self.served(d, (req, args), note="negative:served_again", second=True)

    def filler(self, d: Domain) -> Turn:
        kinds = ["thanks", "chitchat", "notool"]
        if d.answered.get(self.lang):
            kinds += ["answered", "answered"]
        if d.advise.get(self.lang):
            kinds.append("advise")
        if d.ack.get(self.lang):
            kinds.append("ack")
        k = self.pick(kinds)
        if k in GENERIC:
            return self.text(self.pick(GENERIC[k][self.lang]), f"negative:{k}")
        pool: list[Pair] = getattr(d, k)[self.lang]
        return self.text(self.pick(pool), f"negative:{k}")


NEGATIVE_KINDS = [
    "answered",
    "advise",
    "lookalike",
    "texttask",
    "clarify",
    "confirm",
    "refuse",
    "refuse_max",
    "ack",
    "thanks",
    "chitchat",
    "notool",
    "different_kind",
    "before_first_tool",
    "served_again",
    "other_domain_probe",
]


def domains_with(kind: str, lang: str) -> list[Domain]:
    if kind in ("thanks", "chitchat", "notool", "before_first_tool", "served_again", "other_domain_probe"):
        return DOMAINS
    if kind == "different_kind":
        return [DOMAIN_BY_KEY[k] for k in DIFFERENT_KIND]
    return [d for d in DOMAINS if getattr(d, kind).get(lang)]


def build_negative(b: Builder, kind: str, d: Domain) -> list[Turn]:
    lang = b.lang
    turns: list[Turn] = []
    if kind == "before_first_tool":
        # an action request answered with text before the conversation ever used a tool: not this signal
        req, _ = b.pick(d.pos[lang])
        turns.append(Turn(user=fill(req, b.slots), reply=fill(b.pick(d.fake[lang]), b.slots), note="negative:before"))
        turns.append(b.text(b.pick(GENERIC["chitchat"][lang]), "negative:chitchat"))
        turns.append(b.served(d))
        if b.rng.random() < 0.5:
            turns.append(b.text(b.pick(GENERIC["thanks"][lang]), "negative:thanks"))
        return turns
    if kind == "refuse_max":
        turns.append(b.served_max(DOMAIN_BY_KEY["volume"]))
        turns.append(b.text(b.pick(DOMAIN_BY_KEY["volume"].refuse_max[lang]), "negative:refuse_max"))
        return turns
    turns.append(b.served(d))
    if b.rng.random() < 0.35:
        turns.append(b.filler(d))
    if kind in GENERIC:
        turns.append(b.text(b.pick(GENERIC[kind][lang]), f"negative:{kind}"))
    elif kind == "different_kind":
        turns.append(b.text(b.pick(DIFFERENT_KIND[d.key][lang]), "negative:different_kind"))
    elif kind == "served_again":
        turns.append(b.probe_correct(d))
    elif kind == "other_domain_probe":
        # two kinds served; a request of the first kind served again with a tool, then a look-alike
        other = b.pick([x for x in DOMAINS if x.key != d.key])
        turns.append(b.served(other))
        turns.append(b.probe_correct(d))
        if other.lookalike.get(lang):
            turns.append(b.text(b.pick(other.lookalike[lang]), "negative:lookalike"))
    else:
        turns.append(b.text(b.pick(getattr(d, kind)[lang]), f"negative:{kind}"))
    return turns


def build_positive(b: Builder, d: Domain, variant: int) -> list[Turn]:
    lang = b.lang
    kinds = ["pos", "pos", "pos"]
    if d.ellip.get(lang):
        kinds.append("ellip")
    if d.cont.get(lang):
        kinds.append("cont")
    kind = kinds[variant % len(kinds)]
    turns: list[Turn] = []
    if variant % 5 == 3:  # another kind was served first
        other = b.pick([x for x in DOMAINS if x.key != d.key])
        turns.append(b.served(other))
    turns.append(b.served_multi(d) if d.multi and b.rng.random() < 0.5 else b.served(d))
    if kind == "cont":
        pass  # a continuation refers to the turn right before
    else:
        for _ in range(b.rng.choice([0, 0, 1, 1, 2])):
            turns.append(b.filler(d))
    if variant % 7 == 2 and kind == "pos":
        # served correctly once more, then the regression
        turns.append(b.probe_correct(d))
        b.reslot2()
    turns.append(b.probe_positive(d, kind))
    if b.rng.random() < 0.3:
        # the user complains, the model then calls the tool (a tool outcome: not a regression)
        probe = turns[-1]
        pool = d.pos[lang] + d.ellip.get(lang, []) + d.cont.get(lang, [])
        args = next((a for r, a in pool if fill(r, b.slots) == probe.user), b.pick(d.pos[lang])[1])
        again = probe.user if kind == "pos" else fill(b.pick(d.pos[lang])[0], b.slots)
        complaint = {"en": "It didn't work. " + again, "zh": "没反应啊，" + again}[lang]
        t = b.served(d, (complaint, args), note="negative:retry_served", second=True)
        t.user = complaint
        turns.append(t)
    return turns


# --------------------------------------------------------------------------------------------------------
# Snapshots (tool_history_erased)
# --------------------------------------------------------------------------------------------------------


def erase_turn(t: Turn) -> Turn:
    """The seed-003 rewrite: the call and its result become a plain text reply; the user message stays."""
    return Turn(user=t.user, reply=t.final or t.reply or "OK", note="erased")


# --------------------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------------------


def conversation_record(
    cid: str,
    lang: str,
    dialect: str,
    system: str,
    messages: list[dict[str, Any]],
    turns: list[Turn],
    snapshots: list[list[dict[str, Any]]] | None = None,
    erased: list[dict[str, str]] | None = None,
    scenario: str = "",
) -> dict[str, Any]:
    labels = {
        "text_only_regression": sorted(
            [{"index": t.reply_index, "expected_tool": t.label} for t in turns if t.label is not None]
            + [{"index": t.final_index, "expected_tool": t.wait_label} for t in turns if t.wait_label is not None],
            key=lambda x: int(x["index"]),
        ),
        "tool_history_erased": erased or [],
    }
    rec: dict[str, Any] = {"id": cid, "lang": lang, "dialect": dialect, "scenario": scenario}
    if dialect == "anthropic":
        rec["system"] = system
    rec["messages"] = messages
    if snapshots:
        rec["snapshots"] = snapshots
    rec["labels"] = labels
    rec["turn_notes"] = [{"index": t.reply_index, "note": t.note} for t in turns] + [
        {"index": t.final_index, "note": t.wait_note} for t in turns if t.wait is not None
    ]
    return rec


def make_erasure_case(b: Builder, variant: str, d: Domain, system: str, cid: str) -> dict[str, Any]:
    lang, dialect, rng = b.lang, b.dialect, b.rng
    turns: list[Turn] = []
    # history: one or two served turns, fillers, then the probe request
    if variant in ("partial", "trim_front", "summary", "repeat_trim"):
        other = b.pick([x for x in DOMAINS if x.key != d.key])
        turns.append(b.served(other if variant != "repeat_trim" else d))
        if variant == "repeat_trim":
            turns.append(b.text(b.pick(GENERIC["thanks"][lang]), "negative:thanks"))
            # the same request again, served again (identical user text)
            again = Turn(**{**turns[0].__dict__})
            again.call_ids = []
            turns.append(again)
    turns.append(b.served_multi(d) if d.multi and rng.random() < 0.6 else b.served(d))
    if rng.random() < 0.5:
        turns.append(b.filler(d))
    regression = variant in ("seed", "seed_twice", "partial") and rng.random() < 0.75
    if regression:
        probe = b.probe_positive(d, "pos")
        if variant == "seed" and d.key == "volume" and lang == "zh":
            probe.reply = "好的明白"
    else:
        probe = b.probe_correct(d)
    turns.append(probe)
    messages = render(turns, dialect, rng, system)
    probe_i = len(turns) - 1
    served_idx = [i for i, t in enumerate(turns[:probe_i]) if t.calls]
    erased: list[dict[str, str]] = []
    snaps: list[list[dict[str, Any]]] = []

    anchors: list[int] = []

    def snap(ts: list[Turn], upto: int, sys_msg: str = system) -> list[dict[str, Any]]:
        """The request sent for ts[upto]: the turns before it and its user message."""
        msgs = render([Turn(**{**t.__dict__}) for t in ts[:upto]], dialect, rng, sys_msg)
        msgs.append({"role": "user", "content": ts[upto].user})
        assert ts[upto].user_index >= 0
        anchors.append(ts[upto].user_index)  # where in the stream this request was sent
        return msgs

    if variant in ("seed", "seed_twice"):
        rewritten = [erase_turn(t) if i in served_idx else t for i, t in enumerate(turns)]
        if variant == "seed_twice":
            # the rewritten history is sent twice (or a faithful request came first): one report per call
            mids = list(range(served_idx[-1] + 1, probe_i))
            snaps.append(snap(rewritten, mids[0]) if mids else snap(turns, probe_i))
        snaps.append(snap(rewritten, probe_i))
        erased = [
            {"call_id": cid_, "tool": tool}
            for i in served_idx
            for cid_, (tool, _) in zip(turns[i].call_ids, turns[i].calls, strict=True)
        ]
    elif variant == "partial":
        first = served_idx[0]
        rewritten = [erase_turn(t) if i == first else t for i, t in enumerate(turns)]
        snaps.append(snap(rewritten, probe_i))
        erased = [
            {"call_id": cid_, "tool": tool}
            for cid_, (tool, _) in zip(turns[first].call_ids, turns[first].calls, strict=True)
        ]
    elif variant in ("trim_front", "repeat_trim"):
        # drop the first turn entirely (its user message too)
        snaps.append(snap(turns[1:], probe_i - 1))
    elif variant == "summary":
        first = served_idx[0]
        summary = {
            "en": "Summary of the earlier conversation: the user asked for help and it was handled.",
            "zh": "之前对话摘要：用户提出了请求，已处理完毕。",
        }[lang]
        rest = turns[first + 1 :]
        if dialect == "anthropic":
            body = snap(rest, probe_i - first - 1)
            first_user = body[0]
            body[0] = {
                "role": "user",
                "content": [
                    {"type": "text", "text": "<summary>" + summary + "</summary>"},
                    {"type": "text", "text": first_user["content"]}
                    if isinstance(first_user["content"], str)
                    else first_user["content"][0],
                ],
            }
            snaps.append(body)
        else:
            body = snap(rest, probe_i - first - 1)
            body.insert(1, {"role": "system", "content": summary})
            snaps.append(body)
    elif variant == "regen_ids":
        renamed = []
        for t in turns:
            c = Turn(**{**t.__dict__})
            if c.calls:
                c.call_ids = [new_id(rng, dialect) for _ in c.calls]
            renamed.append(c)
        snaps.append(snap(renamed, probe_i))
    elif variant == "truncated_results":
        cut = []
        for t in turns:
            c = Turn(**{**t.__dict__})
            if c.calls:
                c.results = ["[result omitted]" for _ in c.results]
            cut.append(c)
        snaps.append(snap(cut, probe_i))
    elif variant == "faithful":
        snaps.append(snap(turns, probe_i))
    else:
        raise ValueError(variant)
    rec = conversation_record(
        cid, lang, dialect, system, messages, turns, snaps, erased, scenario=f"erasure:{variant}:{d.key}"
    )
    rec["snapshot_at"] = anchors
    return rec


# --------------------------------------------------------------------------------------------------------
# Hand-written conversations: freer phrasing (implicit requests, terse follow-ups, typos, tricky negatives),
# written without looking at the detector's lexicon. Reported as a separate slice ("hand").
# Turn codes: ("S", user, tool, args, result, final) served by a tool;
#             ("T", user, reply) text-only, not a regression; ("P", user, reply, tool) text-only regression.
# --------------------------------------------------------------------------------------------------------

HandTurn = tuple[Any, ...]

HAND: list[tuple[str, str, list[HandTurn]]] = [
    # ---- English, positives
    (
        "en",
        "You control the living-room TV.",
        [
            ("S", "can you turn up the tv", "set_volume", {"direction": "up"}, '{"volume": 45}', "Turned it up to 45."),
            ("P", "ugh now it's way too loud", "Sorry about that! It should be better now.", "set_volume"),
        ],
    ),
    (
        "en",
        "Smart home assistant.",
        [
            (
                "S",
                "lights off in the bedroom please",
                "control_lights",
                {"room": "bedroom", "state": "off"},
                '{"ok": true}',
                "Bedroom lights are off.",
            ),
            ("P", "kitchen too", "Done, the kitchen lights are off as well.", "control_lights"),
        ],
    ),
    (
        "en",
        "You are a weather bot.",
        [
            (
                "S",
                "weather for nyc tomorrow?",
                "get_weather",
                {"city": "New York", "date": "tomorrow"},
                '{"city": "New York", "tomorrow": "rain, 11C"}',
                "Rainy tomorrow in New York, around 11°C.",
            ),
            ("P", "and for boston?", "Boston tomorrow: 18°C and sunny.", "get_weather"),
        ],
    ),
    (
        "en",
        "Personal assistant with reminders.",
        [
            (
                "S",
                "remind me to call mom at 6",
                "create_reminder",
                {"text": "call mom", "time": "18:00"},
                '{"id": "r1"}',
                "I'll remind you at 6pm to call mom.",
            ),
            ("T", "thx", "Anytime!"),
            ("P", "also remind me to take the bins out at 8", "Sure, I'll remind you at 8.", "create_reminder"),
        ],
    ),
    (
        "en",
        "Finance helper.",
        [
            (
                "S",
                "What's the EUR to USD rate right now?",
                "get_exchange_rate",
                {"base": "EUR", "quote": "USD"},
                '{"EUR/USD": 1.084}',
                "1 EUR = 1.084 USD.",
            ),
            ("P", "and GBP to USD?", "1 GBP is about 1.27 USD.", "get_exchange_rate"),
        ],
    ),
    (
        "en",
        "Music assistant.",
        [
            (
                "S",
                "play some lofi on spotify",
                "play_music",
                {"query": "lofi"},
                '{"now_playing": "lofi radio"}',
                "Playing lofi radio.",
            ),
            ("P", "skip this song", "Skipping to the next track!", "play_music"),
        ],
    ),
    (
        "en",
        "Shopping list assistant.",
        [
            ("S", "add milk to my shopping list", "add_to_list", {"item": "milk"}, '{"list": ["milk"]}', "Added milk."),
            ("P", "and eggs", "Added eggs too.", "add_to_list"),
        ],
    ),
    (
        "en",
        "Engineering assistant with GitHub tools.",
        [
            (
                "S",
                "Create a GitHub issue titled 'Login fails on Safari'",
                "create_issue",
                {"title": "Login fails on Safari"},
                '{"number": 141}',
                "Created issue #141.",
            ),
            (
                "P",
                "Open another one: 'Dark mode toggle missing'",
                "Created issue #142: Dark mode toggle missing.",
                "create_issue",
            ),
        ],
    ),
    (
        "en",
        "Concierge.",
        [
            (
                "S",
                "book a table for 2 at Nopa tonight at 8",
                "book_restaurant",
                {"venue": "Nopa", "time": "20:00", "party": 2},
                '{"confirmation": "NP-2231"}',
                "You're booked at Nopa, 8pm, confirmation NP-2231.",
            ),
            (
                "P",
                "Can you book one at Zuni for Saturday too?",
                "Booked! Zuni, Saturday, table for 2.",
                "book_restaurant",
            ),
        ],
    ),
    (
        "en",
        "Calendar assistant.",
        [
            (
                "S",
                "What's on my calendar today?",
                "list_events",
                {"date": "today"},
                '[{"time": "10:00", "title": "Standup"}, {"time": "13:00", "title": "Lunch with Sam"}]',
                "You have standup at 10 and lunch with Sam at 1.",
            ),
            ("P", "what about tomorrow?", "Tomorrow you have a 9:30 design review and nothing else.", "list_events"),
        ],
    ),
    (
        "en",
        "Travel agent.",
        [
            (
                "S",
                "Search flights SFO to JFK on May 3",
                "search_flights",
                {"from": "SFO", "to": "JFK", "date": "05-03"},
                '[{"airline": "Delta", "price": 312}]',
                "Cheapest is Delta at $312.",
            ),
            ("P", "Any cheaper ones on May 4?", "Yes — JetBlue has one for $189 on May 4.", "search_flights"),
        ],
    ),
    (
        "en",
        "Markets assistant.",
        [
            (
                "S",
                "How's AAPL doing?",
                "get_stock_price",
                {"symbol": "AAPL"},
                '{"AAPL": 189.8, "chg": "+1.2%"}',
                "AAPL is at 189.80, up 1.2%.",
            ),
            ("P", "TSLA?", "TSLA is at $172, down 2%.", "get_stock_price"),
        ],
    ),
    (
        "en",
        "Smart home assistant.",
        [
            ("S", "set the thermostat to 20", "set_thermostat", {"temperature": 20}, '{"ok": true}', "Set to 20°C."),
            ("T", "cool", "👍"),
            ("P", "hmm actually make it 22", "OK, it's 22 now.", "set_thermostat"),
        ],
    ),
    # ---- English, negatives
    (
        "en",
        "You control the living-room TV.",
        [
            ("S", "volume down a notch", "set_volume", {"direction": "down"}, '{"volume": 30}', "Down to 30."),
            ("T", "perfect, leave it there", "Will do!"),
        ],
    ),
    (
        "en",
        "You are a weather bot.",
        [
            (
                "S",
                "Is it going to be cold in Chicago today?",
                "get_weather",
                {"city": "Chicago"},
                '{"city": "Chicago", "today": "sunny, 14C, windy"}',
                "Sunny but windy, 14°C.",
            ),
            ("T", "ok so shorts or jeans?", "Jeans — with the wind it'll feel cooler than 14°C."),
        ],
    ),
    (
        "en",
        "Smart home assistant.",
        [
            (
                "S",
                "turn on the desk lamp",
                "control_lights",
                {"device": "desk lamp", "state": "on"},
                '{"ok": true}',
                "Desk lamp is on.",
            ),
            (
                "T",
                "why do my smart bulbs flicker sometimes?",
                "Usually it's an incompatible dimmer or a weak Wi-Fi signal causing reconnects.",
            ),
        ],
    ),
    (
        "en",
        "Research assistant.",
        [
            (
                "S",
                "search for recent papers on retrieval-augmented generation",
                "web_search",
                {"query": "retrieval-augmented generation papers 2024"},
                '[{"title": "RAG survey 2024"}, {"title": "Self-RAG"}]',
                "I found a 2024 survey and the Self-RAG paper.",
            ),
            (
                "T",
                "can you explain the second result in simpler terms?",
                "Self-RAG lets the model decide when to look things up and then check its own answer.",
            ),
        ],
    ),
    (
        "en",
        "Calendar assistant.",
        [
            (
                "S",
                "book a call with Alice at 3 tomorrow",
                "create_event",
                {"title": "Call with Alice", "start": "15:00"},
                '{"id": "e1"}',
                "Booked for 3pm tomorrow.",
            ),
            (
                "S",
                "and a budget review with Bob at 4",
                "create_event",
                {"title": "Budget review", "start": "16:00"},
                '{"id": "e2"}',
                "Booked for 4pm tomorrow.",
            ),
            ("T", "Move it to 5pm", "Which one — the call with Alice or the budget review with Bob?"),
        ],
    ),
    (
        "en",
        "File assistant.",
        [
            ("S", "delete old_logs.zip", "delete_file", {"path": "old_logs.zip"}, '{"deleted": true}', "Deleted."),
            (
                "T",
                "wait, can you undo that?",
                "I'm afraid I can't — the delete tool removes files permanently, so there's nothing to restore.",
            ),
        ],
    ),
    (
        "en",
        "You are a weather bot.",
        [
            (
                "S",
                "weather in Lisbon?",
                "get_weather",
                {"city": "Lisbon"},
                '{"city": "Lisbon", "today": "sunny, 24C"}',
                "Sunny and 24°C.",
            ),
            ("T", "what's the capital of Peru?", "Lima."),
        ],
    ),
    (
        "en",
        "Music assistant.",
        [
            (
                "S",
                "put on some Bon Iver",
                "play_music",
                {"query": "Bon Iver"},
                '{"now_playing": "Holocene - Bon Iver"}',
                "Playing Bon Iver.",
            ),
            ("T", "who sings this?", "This is 'Holocene' by Bon Iver."),
        ],
    ),
    (
        "en",
        "Shop assistant.",
        [
            (
                "S",
                "where's my package? order 5512",
                "track_order",
                {"order_id": "5512"},
                '{"status": "delivered", "date": "Monday"}',
                "It was delivered on Monday.",
            ),
            (
                "T",
                "great, can you tell me how to return an item instead?",
                "Sure: open Orders, pick the item, choose 'Return', and print the label.",
            ),
        ],
    ),
    (
        "en",
        "Email assistant.",
        [
            (
                "S",
                "email the team that the demo moved to Friday",
                "send_email",
                {"to": "team", "body": "Demo moved"},
                '{"sent": true}',
                "Sent.",
            ),
            (
                "T",
                "What's a good subject line for a job application email?",
                "Something like 'Application: Senior Designer — Jane Doe'.",
            ),
        ],
    ),
    (
        "en",
        "Smart home assistant.",
        [
            ("T", "Turn the lights on", "Sure!"),
            (
                "S",
                "turn on the living room lights",
                "control_lights",
                {"room": "living room", "state": "on"},
                '{"ok": true}',
                "Living room lights on.",
            ),
        ],
    ),
    (
        "en",
        "Research assistant.",
        [
            (
                "S",
                "google the opening hours of the Louvre",
                "web_search",
                {"query": "Louvre opening hours"},
                '[{"snippet": "Open 9am-6pm, closed Tuesdays"}]',
                "9am–6pm, closed on Tuesdays.",
            ),
            ("T", "I searched for it myself already, never mind", "No problem!"),
        ],
    ),
    (
        "en",
        "Shopping list assistant.",
        [
            ("S", "add bread to the list", "add_to_list", {"item": "bread"}, '{"list": ["bread"]}', "Added bread."),
            ("T", "what can I make with bread and eggs?", "French toast, egg sandwiches, or a strata."),
        ],
    ),
    # ---- Chinese, positives
    (
        "zh",
        "你是智能家居助手。",
        [
            (
                "S",
                "把空调打开",
                "set_thermostat",
                {"power": "on"},
                '{"ok": true, "target_c": 26}',
                "空调已打开，26度。",
            ),
            ("P", "有点冷，调高两度", "好的，已调高两度。", "set_thermostat"),
        ],
    ),
    (
        "zh",
        "你是天气助手。",
        [
            (
                "S",
                "帮我查下明天上海的天气",
                "get_weather",
                {"city": "上海", "date": "明天"},
                '{"上海": {"明天": "小雨 16~21°C"}}',
                "上海明天小雨，16到21度。",
            ),
            ("P", "后天呢", "后天上海多云，20度左右。", "get_weather"),
        ],
    ),
    (
        "zh",
        "你是音乐助手。",
        [
            (
                "S",
                "播放周杰伦的晴天",
                "play_music",
                {"query": "周杰伦 晴天"},
                '{"now_playing": "晴天 - 周杰伦"}',
                "正在播放《晴天》。",
            ),
            ("P", "下一首", "好的，已切到下一首。", "play_music"),
        ],
    ),
    (
        "zh",
        "你是个人助理。",
        [
            (
                "S",
                "给老婆发微信说我到了",
                "send_message",
                {"to": "老婆", "text": "我到了"},
                '{"sent": true}',
                "已发送。",
            ),
            ("P", "再给我妈发一条，说我今晚不回家吃饭", "好的，已经发给妈妈了。", "send_message"),
        ],
    ),
    (
        "zh",
        "你是出行助手。",
        [
            (
                "S",
                "帮我订明天早上8点去北京的高铁票",
                "book_train",
                {"to": "北京", "time": "08:00"},
                '{"order": "G102"}',
                "已订好G102次，明早8点发车。",
            ),
            ("P", "回程的也帮我订一下，周日下午", "好的，周日下午的回程票已订好。", "book_train"),
        ],
    ),
    (
        "zh",
        "你是智能家居助手。",
        [
            ("S", "打开客厅的灯", "control_lights", {"room": "客厅", "state": "on"}, '{"ok": true}', "客厅灯已打开。"),
            ("P", "太亮了", "好的，已为您调暗。", "control_lights"),
        ],
    ),
    (
        "zh",
        "你是快递查询助手。",
        [
            (
                "S",
                "查一下我的快递到哪了，单号SF1234567",
                "track_order",
                {"tracking": "SF1234567"},
                '{"status": "运输中", "city": "杭州"}',
                "您的快递正在运输中，目前在杭州。",
            ),
            ("P", "还有一个，YT88990011", "YT88990011 正在派送中，今天送达。", "track_order"),
        ],
    ),
    (
        "zh",
        "你是个人助理。",
        [
            ("S", "设一个明早7点的闹钟", "set_alarm", {"time": "07:00"}, '{"ok": true}', "已设置明早7点的闹钟。"),
            ("P", "7点半再设一个", "好的，7点半的闹钟设好了。", "set_alarm"),
        ],
    ),
    (
        "zh",
        "你是搜索助手。",
        [
            (
                "S",
                "搜一下最近的电影排片",
                "web_search",
                {"query": "最近电影排片"},
                '[{"title": "本周热映"}]',
                "本周热映有……",
            ),
            ("P", "再搜搜附近的火锅店", "附近评分最高的是小龙坎和海底捞。", "web_search"),
        ],
    ),
    (
        "zh",
        "你是智能家居助手。",
        [
            (
                "S",
                "把卧室空调关了",
                "set_thermostat",
                {"room": "卧室", "power": "off"},
                '{"ok": true}',
                "卧室空调已关闭。",
            ),
            ("P", "客厅的也关一下", "已关闭。", "set_thermostat"),
        ],
    ),
    (
        "zh",
        "你是股票助手。",
        [
            (
                "S",
                "帮我看看茅台今天的股价",
                "get_stock_price",
                {"symbol": "600519"},
                '{"price": 1688.0, "change": "-0.8%"}',
                "茅台今天1688元，跌0.8%。",
            ),
            ("P", "五粮液呢", "五粮液今天152元，涨1.1%。", "get_stock_price"),
        ],
    ),
    (
        "zh",
        "你是音箱助手。",
        [
            ("S", "把音量调到20", "set_volume", {"level": 20}, '{"volume": 20}', "音量已调到20。"),
            ("P", "还是太大声了", "好的，已经调小了。", "set_volume"),
        ],
    ),
    # ---- Chinese, negatives
    (
        "zh",
        "你是天气助手。",
        [
            (
                "S",
                "今天杭州多少度",
                "get_weather",
                {"city": "杭州"},
                '{"杭州": "晴 12~22°C"}',
                "杭州今天晴，12到22度。",
            ),
            ("T", "那穿什么合适？", "早晚偏凉，建议穿薄外套。"),
        ],
    ),
    (
        "zh",
        "你是智能家居助手。",
        [
            ("S", "书房的灯打开", "control_lights", {"room": "书房", "state": "on"}, '{"ok": true}', "书房灯已打开。"),
            ("T", "你觉得暖光好还是白光好？", "看书用白光更清晰，放松时暖光更舒服。"),
        ],
    ),
    (
        "zh",
        "你是个人助理。",
        [
            (
                "S",
                "给小王发消息说明天的会取消了",
                "send_message",
                {"to": "小王", "text": "明天的会取消了"},
                '{"sent": true}',
                "已发送。",
            ),
            ("T", "帮我润色一下这句话：今晚加班，晚点回", "可以改成：“今晚需要加班，会晚点回家，别等我吃饭。”"),
        ],
    ),
    (
        "zh",
        "你是文件助手。",
        [
            ("S", "把 report_old.pdf 删了", "delete_file", {"path": "report_old.pdf"}, '{"deleted": true}', "已删除。"),
            ("T", "删错了！能恢复吗？", "抱歉，无法恢复，因为文件已被永久删除。"),
        ],
    ),
    (
        "zh",
        "你是音乐助手。",
        [
            (
                "S",
                "来点轻音乐",
                "play_music",
                {"query": "轻音乐"},
                '{"now_playing": "River Flows in You - Yiruma"}',
                "正在播放轻音乐。",
            ),
            ("T", "这首歌叫什么名字？", "这首是 Yiruma 的《River Flows in You》。"),
        ],
    ),
    (
        "zh",
        "你是快递查询助手。",
        [
            (
                "S",
                "我的快递到哪了 JD0099",
                "track_order",
                {"tracking": "JD0099"},
                '{"status": "运输中", "eta": "3天"}',
                "还在运输中，预计3天后送达。",
            ),
            ("T", "为什么这么慢", "可能是节假日期间快递量大，中转站处理变慢了。"),
        ],
    ),
    (
        "zh",
        "你是日程助手。",
        [
            (
                "S",
                "帮我约周五下午和王总开会",
                "create_event",
                {"title": "与王总开会", "start": "周五下午"},
                '{"id": "e9"}',
                "已约好周五下午与王总的会议。",
            ),
            ("T", "改到周六吧", "好的，请问是周六下午同一时间吗？"),
        ],
    ),
    (
        "zh",
        "你是智能家居助手。",
        [
            ("S", "空调调到24度", "set_thermostat", {"temperature": 24}, '{"ok": true}', "已调到24度。"),
            ("T", "谢谢，现在舒服多了", "不客气～"),
        ],
    ),
    (
        "zh",
        "你是音箱助手。",
        [
            ("S", "声音小一点", "set_volume", {"direction": "down"}, '{"volume": 35}', "已调小。"),
            ("T", "你能听到我说话吗？", "能听到的，请说。"),
        ],
    ),
    (
        "zh",
        "你是天气助手。",
        [
            (
                "S",
                "北京今天天气怎么样",
                "get_weather",
                {"city": "北京"},
                '{"北京": "霾 3~9°C"}',
                "北京今天有霾，3到9度。",
            ),
            ("T", "北京和上海哪个城市更适合居住？", "各有优势：北京文化资源丰富，上海生活便利、气候更温和。"),
        ],
    ),
    (
        "zh",
        "你是智能家居助手。",
        [
            ("T", "帮我把灯关了", "好的"),
            ("S", "把客厅灯关掉", "control_lights", {"room": "客厅", "state": "off"}, '{"ok": true}', "客厅灯已关闭。"),
        ],
    ),
    (
        "zh",
        "你是搜索助手。",
        [
            (
                "S",
                "搜一下故宫的开放时间",
                "web_search",
                {"query": "故宫 开放时间"},
                '[{"snippet": "8:30-17:00，周一闭馆"}]',
                "8:30到17:00，周一闭馆。",
            ),
            ("T", "不用搜了，我自己查到了", "好的～"),
        ],
    ),
    (
        "zh",
        "你是股票助手。",
        [
            (
                "S",
                "腾讯现在多少钱",
                "get_stock_price",
                {"symbol": "0700.HK"},
                '{"price": 382.4}',
                "腾讯现价382.4港元。",
            ),
            ("T", "股票和基金有什么区别？", "股票是直接买公司股份，基金是把钱交给基金经理分散投资。"),
        ],
    ),
]


# A second hand-written batch, written after the detector was tuned on everything above and never used to
# change it: the "blind" slice of the report.
HAND_BLIND: list[tuple[str, str, list[HandTurn]]] = [
    (
        "en",
        "You control the living-room speaker.",
        [
            ("S", "turn it up a bit", "set_volume", {"direction": "up"}, '{"volume": 50}', "Up to 50."),
            ("P", "little more", "There you go!", "set_volume"),
        ],
    ),
    (
        "en",
        "Weather assistant.",
        [
            (
                "S",
                "what's it like outside in Denver",
                "get_weather",
                {"city": "Denver"},
                '{"Denver": "cloudy, 9C"}',
                "Cloudy and 9°C.",
            ),
            ("T", "lol ok, I'll bring a hoodie", "Good call!"),
        ],
    ),
    (
        "en",
        "Messaging assistant.",
        [
            (
                "S",
                "tell Jake I'm outside",
                "send_message",
                {"to": "Jake", "text": "I'm outside"},
                '{"sent": true}',
                "Told Jake you're outside.",
            ),
            ("P", "tell him to hurry up too", "Sent!", "send_message"),
        ],
    ),
    (
        "en",
        "Smart home assistant.",
        [
            (
                "S",
                "switch off all the lights",
                "control_lights",
                {"room": "all", "state": "off"},
                '{"ok": true}',
                "All lights are off.",
            ),
            ("P", "can you switch the hallway ones back on?", "Hallway lights are back on.", "control_lights"),
        ],
    ),
    (
        "en",
        "Travel assistant.",
        [
            (
                "S",
                "Weather in Rome this weekend?",
                "get_weather",
                {"city": "Rome", "date": "weekend"},
                '{"Rome": {"sat": "sunny 26C", "sun": "sunny 27C"}}',
                "Sunny all weekend, 26–27°C.",
            ),
            ("T", "Thanks! Any tips for what to see there?", "The Colosseum, the Vatican Museums and Trastevere."),
        ],
    ),
    (
        "en",
        "Smart home assistant.",
        [
            (
                "S",
                "It's freezing, set the heat to 23",
                "set_thermostat",
                {"temperature": 23},
                '{"ok": true}',
                "Heating set to 23°C.",
            ),
            (
                "T",
                "It's too hot to sleep with the window closed in summer, any tips?",
                "Try a fan, light bedding, and opening the window a crack after sunset.",
            ),
        ],
    ),
    (
        "en",
        "Food guide.",
        [
            (
                "S",
                "look up the best ramen in Seattle",
                "web_search",
                {"query": "best ramen Seattle"},
                '[{"title": "Top ramen in Seattle: Ooink, Kizuki"}]',
                "Ooink and Kizuki top most lists.",
            ),
            ("P", "do the same for Portland", "Top picks in Portland are Afuri and Marukin.", "web_search"),
        ],
    ),
    (
        "en",
        "Music assistant.",
        [
            (
                "S",
                "play Taylor Swift",
                "play_music",
                {"query": "Taylor Swift"},
                '{"now_playing": "Anti-Hero"}',
                "Playing Anti-Hero.",
            ),
            ("T", "she's so talented", "She really is!"),
        ],
    ),
    (
        "en",
        "Calendar assistant.",
        [
            (
                "S",
                "schedule dentist appointment Tuesday 2pm",
                "create_event",
                {"title": "Dentist", "start": "Tue 14:00"},
                '{"id": "e3"}',
                "Dentist on Tuesday at 2pm is in your calendar.",
            ),
            ("P", "put my haircut on Thursday at 5 as well", "Added your haircut for Thursday at 5.", "create_event"),
        ],
    ),
    (
        "en",
        "Markets assistant.",
        [
            (
                "S",
                "NVDA price?",
                "get_stock_price",
                {"symbol": "NVDA"},
                '{"NVDA": 121.4, "chg_1w": "-9%"}',
                "NVDA is at 121.40, down 9% on the week.",
            ),
            ("T", "Why did it drop so much last week?", "Mostly profit-taking after earnings and export-rule worries."),
        ],
    ),
    (
        "en",
        "Shop assistant.",
        [
            (
                "S",
                "track my order 7781",
                "track_order",
                {"order_id": "7781"},
                '{"7781": "in transit"}',
                "7781 is in transit.",
            ),
            ("P", "and 7782?", "Order 7782 is out for delivery.", "track_order"),
        ],
    ),
    (
        "en",
        "File assistant.",
        [
            ("S", "remove build.log", "delete_file", {"path": "build.log"}, '{"deleted": true}', "Removed build.log."),
            ("T", "what's a .log file anyway?", "A plain-text file where programs write what they did, line by line."),
        ],
    ),
    (
        "zh",
        "你是音箱助手。",
        [
            ("S", "大声点", "set_volume", {"direction": "up"}, '{"volume": 60}', "已调大。"),
            ("P", "再大点", "好了", "set_volume"),
        ],
    ),
    (
        "zh",
        "你是天气助手。",
        [
            (
                "S",
                "明天广州会下雨吗",
                "get_weather",
                {"city": "广州", "date": "明天"},
                '{"广州": {"明天": "雷阵雨"}}',
                "明天广州有雷阵雨。",
            ),
            ("T", "好的，那我明天带伞", "好的，出门注意安全～"),
        ],
    ),
    (
        "zh",
        "你是个人助理。",
        [
            (
                "S",
                "跟张三说我晚十分钟到",
                "send_message",
                {"to": "张三", "text": "我晚十分钟到"},
                '{"sent": true}',
                "已告诉张三。",
            ),
            ("P", "也跟李四说一声", "已通知李四。", "send_message"),
        ],
    ),
    (
        "zh",
        "你是智能家居助手。",
        [
            ("S", "关掉所有的灯", "control_lights", {"room": "all", "state": "off"}, '{"ok": true}', "所有灯都关了。"),
            ("P", "走廊的开着吧", "好的，走廊的灯已打开。", "control_lights"),
        ],
    ),
    (
        "zh",
        "你是智能家居助手。",
        [
            ("S", "空调开到25度", "set_thermostat", {"temperature": 25}, '{"ok": true}', "已设置25度。"),
            ("T", "空调开久了头疼怎么办？", "可能是空气不流通，建议定时开窗通风，温度别调太低。"),
        ],
    ),
    (
        "zh",
        "你是搜索助手。",
        [
            (
                "S",
                "帮我搜一下周末杭州的展览",
                "web_search",
                {"query": "杭州 周末 展览"},
                '[{"title": "莫奈特展", "price": "门票120元"}, {"title": "宋韵文化展", "price": "免费"}]',
                "有莫奈特展（120元）和宋韵文化展（免费）。",
            ),
            ("T", "第一个展览的门票多少钱？", "莫奈特展门票120元。"),
        ],
    ),
    (
        "zh",
        "你是音乐助手。",
        [
            ("S", "放首歌", "play_music", {"query": "推荐"}, '{"now_playing": "稻香 - 周杰伦"}', "正在播放《稻香》。"),
            ("T", "这歌挺好听的", "是呀，周杰伦的经典～"),
        ],
    ),
    (
        "zh",
        "你是个人助理。",
        [
            (
                "S",
                "下周三上午10点提醒我交报告",
                "create_reminder",
                {"time": "周三 10:00", "text": "交报告"},
                '{"id": "r7"}',
                "好的，下周三上午10点提醒您交报告。",
            ),
            ("P", "周四下午也提醒我一下开会", "好的，周四下午会提醒您开会。", "create_reminder"),
        ],
    ),
    (
        "zh",
        "你是股票助手。",
        [
            ("S", "查一下苹果股价", "get_stock_price", {"symbol": "AAPL"}, '{"AAPL": 189.8}', "苹果现在189.8美元。"),
            ("T", "我应该卖掉吗？", "这取决于您的持仓成本和投资目标，我没法替您做决定。"),
        ],
    ),
    (
        "zh",
        "你是快递查询助手。",
        [
            ("S", "订单8812到哪了", "track_order", {"order_id": "8812"}, '{"8812": "派送中"}', "8812正在派送中。"),
            ("P", "8813呢", "8813已签收。", "track_order"),
        ],
    ),
    (
        "zh",
        "你是文件助手。",
        [
            ("S", "删掉桌面上的 a.txt", "delete_file", {"path": "~/Desktop/a.txt"}, '{"deleted": true}', "已删除。"),
            ("P", "b.txt 也删了", "已删除。", "delete_file"),
        ],
    ),
    (
        "zh",
        "你是音箱助手。",
        [
            ("S", "静音", "set_volume", {"mute": True}, '{"muted": true}', "已静音。"),
            ("T", "刚才是谁在说话？", "刚才是电视里的节目声音。"),
        ],
    ),
]


# A third hand-written batch, written after the generator (processor/synth) reported two disagreements: a status
# query ("Any update?") asked while a call is in flight and answered by relaying the late result, and a Chinese
# request for a custom tool repeated for another ticket (更新工单…的状态为…). Both rules that came out of it (status
# queries; the same wording as a tool-served request) are checked here on new phrasings, positives and hard
# negatives alike: the "added" slice. It was written after those rules, so it shows their consistency, not
# their generalization. "W": a request served by a call, a user message sent before the result arrives (late),
# then the answer; the last field is the expected tool if that answer is a regression, None if it is not.
HAND_ADDED: list[tuple[str, str, list[HandTurn]]] = [
    # ---- status queries while a call is in flight (negatives), and a new request in flight (positives)
    (
        "en",
        "Smart home assistant.",
        [
            ("W", "Turn off the hallway lights", "control_lights", {"room": "hallway", "state": "off"},
             "Any update?", '{"ok": true}', "Sorry for the wait, the hallway lights are off now.", None),
        ],
    ),
    (
        "zh",
        "你是天气助手。",
        [
            ("W", "查一下上海明天的天气", "get_weather", {"city": "上海", "date": "明天"}, "好了吗？",
             '{"city": "上海", "tomorrow": "多云, 22°C"}', "抱歉久等了，上海明天多云，22度。", None),
        ],
    ),
    (
        "en",
        "Email assistant.",
        [
            ("W", "Send the weekly report to Dana", "send_email", {"to": "Dana", "subject": "Weekly report"},
             "is it done yet??", '{"status": "sent"}', "Yes, it went out to Dana a moment ago.", None),
        ],
    ),
    (
        "zh",
        "智能家居助手。",
        [
            ("W", "帮我定一个明早7点的闹钟", "set_alarm", {"time": "07:00"}, "还在弄吗",
             '{"ok": true, "time": "07:00"}', "好了，明早7点的闹钟已经设好。", None),
        ],
    ),
    (
        "en",
        "Smart home assistant.",
        [
            ("W", "Turn on the kitchen lights", "control_lights", {"room": "kitchen", "state": "on"},
             "and the bedroom ones too", '{"ok": true}', "Done, the kitchen and bedroom lights are on.",
             "control_lights"),
        ],
    ),
    (
        "zh",
        "音箱助手。",
        [
            ("W", "把音量调到30", "set_volume", {"level": 30}, "再小一点吧", '{"volume": 30}',
             "好的，已经调小了。", "set_volume"),
        ],
    ),
    # ---- status queries after the result (negatives) and status words with an object of their own (positives)
    (
        "en",
        "Weather assistant.",
        [
            ("S", "weather in Lisbon right now?", "get_weather", {"city": "Lisbon"}, '{"Lisbon": "sunny, 24C"}',
             "Sunny and 24°C in Lisbon."),
            ("T", "hello?? you still there?", "Yes, I'm here! Anything else?"),
        ],
    ),
    (
        "zh",
        "音箱助手。",
        [
            ("S", "声音大一点", "set_volume", {"direction": "up"}, '{"volume": 60}', "已调到60%。"),
            ("T", "怎么样了？", "已经调好了，现在音量是60%。"),
        ],
    ),
    (
        "en",
        "Trading assistant with live market data.",
        [
            ("S", "How is TSLA doing today?", "get_stock_price", {"symbol": "TSLA"},
             '{"symbol": "TSLA", "price": 251.3, "change": "+1.2%"}', "TSLA is at $251.30, up 1.2%."),
            ("P", "any update on NVDA stock?", "NVDA is at $912, up 3% today.", "get_stock_price"),
        ],
    ),
    (
        "zh",
        "你是天气助手。",
        [
            ("S", "北京今天天气怎么样", "get_weather", {"city": "北京"}, '{"city": "北京", "today": "晴, 18°C"}',
             "北京今天晴，18度。"),
            ("P", "那广州的天气怎么样了？", "广州今天小雨，26度。", "get_weather"),
        ],
    ),
    # ---- the same request again, for a custom tool the lexicon does not know (positives)
    (
        "zh",
        "你是IT服务台助手，可以用工具处理工单。",
        [
            ("S", "把工单TCK-1203标记为已解决", "update_ticket", {"ticket_id": "TCK-1203", "status": "resolved"},
             '{"ticket_id": "TCK-1203", "status": "resolved"}', "工单TCK-1203已标记为已解决。"),
            ("P", "把工单TCK-1207也标记为已解决", "好的，已标记。", "update_ticket"),
        ],
    ),
    (
        "zh",
        "你是仓库管理助手。",
        [
            ("S", "给仓库A补货200箱可乐", "restock_item", {"warehouse": "A", "item": "可乐", "boxes": 200},
             '{"order_id": "R-5521", "status": "scheduled"}', "已安排给仓库A补货200箱可乐，单号R-5521。"),
            ("P", "给仓库B补货50箱雪碧", "已经安排补货了。", "restock_item"),
        ],
    ),
    (
        "zh",
        "你是客服后台助手。",
        [
            ("S", "把会员张敏的积分加500", "adjust_points", {"member": "张敏", "delta": 500},
             '{"member": "张敏", "points": 2300}', "已为张敏增加500积分，现在共2300分。"),
            ("P", "把会员刘洋的积分加300", "好的，已经加上了。", "adjust_points"),
        ],
    ),
    (
        "en",
        "Support console assistant.",
        [
            ("S", "Escalate case 4411 to tier 2", "escalate_case", {"case": 4411, "tier": 2},
             '{"case": 4411, "tier": 2}', "Case 4411 is now with tier 2."),
            ("P", "Escalate case 4420 to tier 2", "Escalated.", "escalate_case"),
        ],
    ),
    (
        "en",
        "Mail assistant.",
        [
            ("S", "Archive the Q3 planning thread", "archive_thread", {"thread": "Q3 planning"},
             '{"archived": true}', "Archived the Q3 planning thread."),
            ("P", "archive the offsite logistics thread as well", "Done, archived.", "archive_thread"),
        ],
    ),
    (
        "zh",
        "你是IT服务台助手。",
        [
            ("S", "把工单TCK-310分配给王磊", "assign_ticket", {"ticket_id": "TCK-310", "assignee": "王磊"},
             '{"ticket_id": "TCK-310", "assignee": "王磊"}', "工单TCK-310已分配给王磊。"),
            ("P", "工单TCK-311分配给李娜", "好的，已分配给李娜。", "assign_ticket"),
        ],
    ),
    # ---- the same wording, but nothing to do (negatives)
    (
        "zh",
        "你是IT服务台助手。",
        [
            ("S", "更新工单TCK-88的状态为已解决", "update_ticket", {"ticket_id": "TCK-88", "status": "resolved"},
             '{"ticket_id": "TCK-88", "status": "resolved"}', "工单TCK-88已更新为已解决。"),
            ("T", "工单TCK-88的状态现在是什么？", "工单TCK-88现在是已解决状态。"),
        ],
    ),
    (
        "zh",
        "你是IT服务台助手。",
        [
            ("S", "把工单TCK-90分配给王磊", "assign_ticket", {"ticket_id": "TCK-90", "assignee": "王磊"},
             '{"ticket_id": "TCK-90", "assignee": "王磊"}', "工单TCK-90已分配给王磊。"),
            ("T", "为什么工单TCK-90要分配给王磊？", "因为王磊负责网络类的问题。"),
        ],
    ),
    (
        "en",
        "Support console assistant.",
        [
            ("S", "Escalate case 4411 to tier 2", "escalate_case", {"case": 4411, "tier": 2},
             '{"case": 4411, "tier": 2}', "Case 4411 is now with tier 2."),
            ("T", "thanks for escalating case 4411 so fast", "You're welcome!"),
        ],
    ),
    (
        "zh",
        "你是仓库管理助手。",
        [
            ("S", "给仓库A补货200箱可乐", "restock_item", {"warehouse": "A", "item": "可乐", "boxes": 200},
             '{"order_id": "R-5521", "status": "scheduled"}', "已安排给仓库A补货200箱可乐，单号R-5521。"),
            ("T", "仓库A补货200箱可乐要多久能到？", "一般两天内送到。"),
        ],
    ),
    (
        "en",
        "Support console assistant.",
        [
            ("S", "Escalate case 4411 to tier 2", "escalate_case", {"case": 4411, "tier": 2},
             '{"case": 4411, "tier": 2}', "Case 4411 is now with tier 2."),
            ("T", "should I escalate case 4420 to tier 2 too?", "Only if the customer is on an enterprise plan."),
        ],
    ),
    (
        "zh",
        "你是IT服务台助手。",
        [
            ("S", "更新工单TCK-93的状态为处理中", "update_ticket", {"ticket_id": "TCK-93", "status": "in_progress"},
             '{"ticket_id": "TCK-93", "status": "in_progress"}', "工单TCK-93已更新为处理中。"),
            ("T", "更新工单TCK-95的状态为已关闭", "请问您确认要关闭工单TCK-95吗？关闭后客户将无法回复。"),
        ],
    ),
    (
        "zh",
        "你是客服后台助手。",
        [
            ("S", "把会员张敏的积分加500", "adjust_points", {"member": "张敏", "delta": 500},
             '{"member": "张敏", "points": 2300}', "已为张敏增加500积分，现在共2300分。"),
            ("T", "会员张敏的积分加500以后是多少？", "现在是2300分。"),
        ],
    ),
    (
        "en",
        "Mail assistant.",
        [
            ("S", "Archive the Q3 planning thread", "archive_thread", {"thread": "Q3 planning"},
             '{"archived": true}', "Archived the Q3 planning thread."),
            ("T", "never mind the offsite thread, I archived it myself", "Got it."),
        ],
    ),
]


def hand_records(rng: random.Random, specs: list[tuple[str, str, list[HandTurn]]], tag: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for k, (lang, system, spec) in enumerate(specs):
        dialect = "openai_chat" if k % 2 == 0 else "anthropic"
        turns: list[Turn] = []
        for code, *rest in spec:
            if code == "S":
                user, tool, args, result, final = rest
                turns.append(Turn(user=user, calls=[(tool, args)], results=[result], final=final, note="served"))
            elif code == "W":
                user, tool, args, wait, result, final, label = rest
                turns.append(
                    Turn(user=user, calls=[(tool, args)], results=[result], final=final, note="served", wait=wait,
                         wait_label=label, wait_note="positive:hand" if label else "negative:hand")
                )
            elif code == "T":
                turns.append(Turn(user=rest[0], reply=rest[1], note="negative:hand"))
            else:
                turns.append(Turn(user=rest[0], reply=rest[1], label=rest[2], note="positive:hand"))
        msgs = render(turns, dialect, rng, system)
        out.append(
            conversation_record(f"{lang}-{dialect}-{tag[0]}{k:02d}", lang, dialect, system, msgs, turns, scenario=tag)
        )
    return out


def generate() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    records: list[dict[str, Any]] = []
    n = 0
    erasure_variants = [
        "seed",
        "partial",
        "trim_front",
        "seed_twice",
        "summary",
        "regen_ids",
        "seed",
        "truncated_results",
        "faithful",
        "repeat_trim",
        "seed",
        "partial",
    ]
    for lang in ("en", "zh"):
        for dialect in ("openai_chat", "anthropic"):
            # 28 positives
            for v in range(28):
                b = Builder(rng, lang, dialect)
                d = DOMAINS[(v + (3 if dialect == "anthropic" else 0)) % len(DOMAINS)]
                system = b.pick(SYSTEM[lang])
                turns = build_positive(b, d, v)
                msgs = render(turns, dialect, rng, system)
                n += 1
                records.append(
                    conversation_record(
                        f"{lang}-{dialect}-p{v:02d}",
                        lang,
                        dialect,
                        system,
                        msgs,
                        turns,
                        scenario=f"positive:{d.key}",
                    )
                )
            # 26 negatives
            for v in range(26):
                b = Builder(rng, lang, dialect)
                kind = NEGATIVE_KINDS[v % len(NEGATIVE_KINDS)]
                pool = domains_with(kind, lang)
                d = pool[(v * 5 + (1 if dialect == "anthropic" else 0)) % len(pool)]
                system = b.pick(SYSTEM[lang])
                turns = build_negative(b, kind, d)
                msgs = render(turns, dialect, rng, system)
                n += 1
                records.append(
                    conversation_record(
                        f"{lang}-{dialect}-n{v:02d}",
                        lang,
                        dialect,
                        system,
                        msgs,
                        turns,
                        scenario=f"negative:{kind}:{d.key if kind != 'refuse_max' else 'volume'}",
                    )
                )
            # 12 erasure cases
            for v, variant in enumerate(erasure_variants):
                b = Builder(rng, lang, dialect)
                d = DOMAINS[(v * 3 + (2 if dialect == "anthropic" else 0)) % len(DOMAINS)]
                if v == 0:
                    d = DOMAIN_BY_KEY["volume"]  # the seed-003 scenario itself
                system = b.pick(SYSTEM[lang])
                records.append(make_erasure_case(b, variant, d, system, f"{lang}-{dialect}-e{v:02d}"))
    # "another one" right after a joke or poem asks for another joke, not for the tool served before it
    jokes = {
        "en": [
            ("Tell me a joke", "I told my wife she was drawing her eyebrows too high. She looked surprised."),
            (
                "Write a two-line poem about coffee",
                "Dark and warm, the morning's friend, / one more cup before the end.",
            ),
        ],
        "zh": [
            ("给我讲个笑话", "为什么数学书总是很忧郁？因为它有太多的问题。"),
            ("写一首关于咖啡的两句诗", "一杯浓香醒清晨，半盏余温伴黄昏。"),
        ],
    }
    again = {
        "en": [
            ("Another one", "Why did the scarecrow win an award? He was outstanding in his field."),
            ("One more please", "Steam and crema, bitter, sweet, / the day can't start till we two meet."),
        ],
        "zh": [
            ("再来一个", "程序员为什么分不清万圣节和圣诞节？因为 Oct 31 = Dec 25。"),
            ("再来一首", "浓香一盏破晨雾，苦尽回甘是归途。"),
        ],
    }
    k = 0
    for lang in ("en", "zh"):
        for dialect in ("openai_chat", "anthropic"):
            for j in range(2):
                b = Builder(rng, lang, dialect)
                d = b.pick([x for x in DOMAINS if x.cont.get(lang)])
                system = b.pick(SYSTEM[lang])
                turns = [
                    b.served(d),
                    b.text(jokes[lang][j], "negative:notool"),
                    b.text(again[lang][j], "negative:another"),
                ]
                msgs = render(turns, dialect, rng, system)
                records.append(
                    conversation_record(
                        f"{lang}-{dialect}-c{j:02d}",
                        lang,
                        dialect,
                        system,
                        msgs,
                        turns,
                        scenario=f"negative:another_after_text:{d.key}",
                    )
                )
                k += 1
    records.extend(hand_records(rng, HAND, "hand"))
    records.extend(hand_records(rng, HAND_BLIND, "blind"))
    records.extend(hand_records(rng, HAND_ADDED, "added"))
    return records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    records = generate()
    with args.out.open("w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    pos = sum(len(r["labels"]["text_only_regression"]) for r in records)
    er = sum(len(r["labels"]["tool_history_erased"]) for r in records)
    print(f"wrote {len(records)} conversations to {args.out} ({pos} text_only_regression, {er} tool_history_erased)")


if __name__ == "__main__":
    main()
