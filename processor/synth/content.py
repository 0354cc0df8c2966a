"""Realistic conversation content for the synthetic traffic generator: tools, requests, results and answers.

Everything here is dialect-neutral. A `Task` is one user request served by one tool call: the user's words, the
call's JSON arguments, the tool's result object and the assistant's final answer. Texts exist in English and
Chinese.

`classify_request` is the generator's notion of a request's *kind* (the tool that serves it, by keyword): every
request template of a tool contains one of that tool's keywords and none of an earlier tool's, and the chit-chat
texts (greetings, thanks, interruptions, "is it done yet?") contain none. The generator relies on it for
`text_only_regression`: only requests of a tool's kind are ever answered without a call, and only in the
injected regression turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Lang = str  # "en" | "zh"

# ---------------------------------------------------------------------------------------------------------------
# Data pools (English, Chinese)

_CITIES: tuple[tuple[str, str], ...] = (
    ("Beijing", "北京"),
    ("Shanghai", "上海"),
    ("Tokyo", "东京"),
    ("Paris", "巴黎"),
    ("London", "伦敦"),
    ("New York", "纽约"),
    ("Berlin", "柏林"),
    ("Singapore", "新加坡"),
    ("San Francisco", "旧金山"),
    ("Shenzhen", "深圳"),
)
_CONDITIONS: tuple[tuple[str, str], ...] = (
    ("sunny", "晴"),
    ("cloudy", "多云"),
    ("light rain", "小雨"),
    ("overcast", "阴"),
    ("snow showers", "阵雪"),
    ("foggy", "有雾"),
)
_PEOPLE: tuple[tuple[str, str], ...] = (
    ("Anna Schmidt", "anna.schmidt@example.com"),
    ("Li Wei", "li.wei@example.cn"),
    ("Carlos Ruiz", "carlos.ruiz@example.org"),
    ("王芳", "wang.fang@example.cn"),
    ("Priya Nair", "priya.nair@example.com"),
    ("张伟", "zhang.wei@example.cn"),
)
_STOCKS: tuple[tuple[str, str, str, float], ...] = (
    ("AAPL", "Apple", "苹果", 231.0),
    ("MSFT", "Microsoft", "微软", 428.0),
    ("NVDA", "NVIDIA", "英伟达", 138.0),
    ("BABA", "Alibaba", "阿里巴巴", 96.0),
    ("TSLA", "Tesla", "特斯拉", 352.0),
    ("0700.HK", "Tencent", "腾讯", 412.0),
)
_QUERIES: tuple[tuple[str, str], ...] = (
    ("the latest Python 3.13 release notes", "Python 3.13 最新发布说明"),
    ("Kafka consumer lag best practices", "Kafka 消费延迟最佳实践"),
    ("reviews of the Framework 13 laptop", "Framework 13 笔记本评测"),
    ("how to renew a passport in Germany", "在德国如何更换护照"),
    ("family activities in Hangzhou this weekend", "杭州周末亲子活动"),
    ("the 2026 Spring Festival holiday schedule", "2026年春节放假安排"),
)
_FILES: tuple[str, ...] = (
    "README.md",
    "config/settings.yaml",
    "logs/app-2026-01-01.log",
    "src/main.py",
    "docs/roadmap.md",
    "data/customers.csv",
)
_ISSUES: tuple[tuple[str, str], ...] = (
    ("the login page returns a 502 error", "登录页面返回502错误"),
    ("invoices are sent twice", "发票重复发送"),
    ("the mobile app crashes on startup", "手机App启动时闪退"),
    ("VPN disconnects every hour", "VPN每小时断线一次"),
    ("the printer on floor 3 is offline", "三楼打印机离线"),
)
_TOPICS: tuple[tuple[str, str], ...] = (
    ("the Q1 roadmap", "第一季度路线图"),
    ("the budget review", "预算评审"),
    ("the onboarding plan", "入职计划"),
    ("the incident postmortem", "事故复盘"),
)
_DAYS: tuple[tuple[str, str, str], ...] = (
    ("tomorrow", "明天", "2026-01-02"),
    ("Friday", "周五", "2026-01-02"),
    ("Monday", "周一", "2026-01-05"),
    ("next Wednesday", "下周三", "2026-01-07"),
)
_TIMES: tuple[tuple[str, str, str], ...] = (
    ("10am", "上午10点", "10:00"),
    ("2pm", "下午2点", "14:00"),
    ("4:30pm", "下午4点半", "16:30"),
    ("9am", "上午9点", "09:00"),
)
_PHRASES: tuple[tuple[str, str], ...] = (
    ("Where is the nearest train station?", "最近的火车站在哪里？"),
    ("The appointment is postponed to next week.", "预约推迟到下周。"),
    ("Thank you for your patience.", "感谢您的耐心。"),
    ("Please keep the receipt.", "请保留收据。"),
)
_LANGS: tuple[tuple[str, str, str], ...] = (
    ("French", "法语", "fr"),
    ("Japanese", "日语", "ja"),
    ("German", "德语", "de"),
    ("Spanish", "西班牙语", "es"),
)
# translations of _PHRASES[i] by language code
_TRANSLATIONS: dict[str, tuple[str, str, str, str]] = {
    "fr": (
        "Où est la gare la plus proche ?",
        "Le rendez-vous est reporté à la semaine prochaine.",
        "Merci de votre patience.",
        "Veuillez conserver le reçu.",
    ),
    "ja": (
        "最寄りの駅はどこですか？",
        "予約は来週に延期されました。",
        "ご辛抱いただきありがとうございます。",
        "領収書は保管してください。",
    ),
    "de": (
        "Wo ist der nächste Bahnhof?",
        "Der Termin wird auf nächste Woche verschoben.",
        "Vielen Dank für Ihre Geduld.",
        "Bitte bewahren Sie den Beleg auf.",
    ),
    "es": (
        "¿Dónde está la estación de tren más cercana?",
        "La cita se aplaza a la próxima semana.",
        "Gracias por su paciencia.",
        "Por favor, guarde el recibo.",
    ),
}
_PLACES: tuple[tuple[str, str], ...] = (
    ("the airport", "机场"),
    ("Central Station", "中央车站"),
    ("the Louvre", "卢浮宫"),
    ("Tiananmen Square", "天安门广场"),
    ("the Bund", "外滩"),
    ("the office", "公司"),
)
_CURRENCIES: tuple[tuple[str, str, float], ...] = (
    ("USD", "美元", 1.0),
    ("EUR", "欧元", 0.92),
    ("JPY", "日元", 156.0),
    ("CNY", "人民币", 7.25),
    ("GBP", "英镑", 0.79),
)
_REGIONS: tuple[tuple[str, str], ...] = (
    ("Europe", "欧洲"),
    ("East China", "华东"),
    ("North America", "北美"),
)
_PERIODS: tuple[tuple[str, str, str], ...] = (
    ("last week", "上周", "2025-12-22"),
    ("this month", "本月", "2025-12-01"),
    ("yesterday", "昨天", "2025-12-31"),
)
_REMINDERS: tuple[tuple[str, str], ...] = (
    ("take the laundry out", "收衣服"),
    ("call my mom", "给妈妈打电话"),
    ("check the oven", "看一下烤箱"),
)


def _pick(rng: random.Random, pool: Sequence[Any]) -> Any:
    return pool[rng.randrange(len(pool))]


def _two(rng: random.Random, pool: Sequence[Any]) -> tuple[Any, Any]:
    a, b = rng.sample(range(len(pool)), 2)
    return pool[a], pool[b]


def _hex(rng: random.Random, n: int) -> str:
    return f"{rng.getrandbits(4 * n):0{n}x}"


# ---------------------------------------------------------------------------------------------------------------
# Tasks and tools


@dataclass(frozen=True, slots=True)
class Task:
    """One request served by one tool call."""

    tool: str
    user: str  # the user's request
    args: dict[str, Any]  # the call's arguments (a JSON object)
    result: dict[str, Any]  # the tool's result (a JSON object)
    answer: str  # the assistant's final answer once the result is in
    template: int  # which request template of the tool was used
    error: bool = False  # the tool reported an error (still a result)


# A maker builds the task of a tool: (rng, lang, template) -> Task
Maker = Callable[[random.Random, Lang, int], Task]


@dataclass(frozen=True, slots=True)
class ToolSpec:
    name: str
    description: str
    idempotent: bool
    keywords: tuple[str, ...]  # lower-case substrings (English and Chinese) that mark a request of this kind
    templates: int  # number of request templates per language
    make: Maker
    retry_en: str  # the user's complaint after a text-only answer ({x} is filled by the task)
    retry_zh: str


def _weather(rng: random.Random, lang: Lang, tpl: int) -> Task:
    city_en, city_zh = _pick(rng, _CITIES)
    cond_en, cond_zh = _pick(rng, _CONDITIONS)
    temp = rng.randint(-8, 34)
    hum = rng.randint(20, 95)
    city = city_en if lang == "en" else city_zh
    if lang == "en":
        user = (
            f"What's the weather like in {city} today?",
            f"Can you get me tomorrow's forecast for {city}?",
            f"What's the temperature in {city} right now?",
        )[tpl]
        answer = f"It's {temp}°C and {cond_en} in {city}, with {hum}% humidity."
    else:
        user = (f"{city}今天天气怎么样？", f"明天{city}的天气预报是什么？", f"{city}现在气温多少度？")[tpl]
        answer = f"{city}现在{temp}°C，{cond_zh}，湿度{hum}%。"
    args = {"location": city, "unit": "celsius"}
    result = {"location": city, "temperature": temp, "unit": "celsius", "condition": cond_en, "humidity": hum}
    return Task("get_weather", user, args, result, answer, tpl)


def _volume(rng: random.Random, lang: Lang, tpl: int) -> Task:
    level = rng.choice((20, 30, 40, 50, 60, 70, 80))
    if tpl == 0:
        args: dict[str, Any] = {"volumeCode": "volume_up"}
        vol = min(100, level + 10)
    elif tpl == 1:
        args = {"volumeCode": "volume_down"}
        vol = max(0, level - 10)
    else:
        args = {"volumeCode": "volume_set", "level": level}
        vol = level
    if lang == "en":
        user = ("Turn the volume up a bit.", "It's too loud, make it quieter.", f"Set the volume to {level}.")[tpl]
        answer = f"Done, the volume is now {vol}%."
    else:
        user = ("声音大一点", "声音调小一点", f"把音量调到{level}")[tpl]
        answer = f"好的，音量已调到{vol}%。"
    return Task("set_volume", user, args, {"status": "success", "volume": vol}, answer, tpl)


def _search(rng: random.Random, lang: Lang, tpl: int) -> Task:
    q_en, q_zh = _pick(rng, _QUERIES)
    q = q_en if lang == "en" else q_zh
    n = rng.randint(2, 3)
    results = [
        {
            "title": f"{q_en.capitalize()} ({i + 1})" if lang == "en" else f"{q_zh}（{i + 1}）",
            "url": f"https://www.example.{('com', 'org', 'cn')[i]}/{_hex(rng, 6)}",
            "snippet": f"Result {i + 1} about {q_en}." if lang == "en" else f"关于{q_zh}的第{i + 1}条结果。",
        }
        for i in range(n)
    ]
    if lang == "en":
        user = (f"Search the web for {q}.", f"Can you look up {q} online?")[tpl]
        answer = f"Here's what I found: {results[0]['title']} ({results[0]['url']}) and {n - 1} more."
    else:
        user = (f"帮我搜索一下{q}", f"上网搜一下{q}")[tpl]
        answer = f"我找到了这些：{results[0]['title']}（{results[0]['url']}）等{n}条结果。"
    return Task("search_web", user, {"query": q}, {"results": results}, answer, tpl)


def _email(rng: random.Random, lang: Lang, tpl: int) -> Task:
    name, addr = _pick(rng, _PEOPLE)
    if lang == "en":
        subject, body = "Report ready", "Hi, the monthly report is ready for review."
        user = (
            f"Email {name} at {addr} that the monthly report is ready.",
            f"Send an e-mail to {addr} saying the meeting moved to 3pm.",
        )[tpl]
        if tpl == 1:
            subject, body = "Meeting moved", "Hi, the meeting moved to 3pm."
        answer = f"The email to {addr} has been sent."
    else:
        subject, body = "报告已就绪", "你好，月度报告已经准备好了，请查收。"
        user = (f"给{name}发封邮件（{addr}），说月度报告已经准备好了。", f"发邮件给{addr}，告诉他会议改到下午3点。")[
            tpl
        ]
        if tpl == 1:
            subject, body = "会议时间变更", "你好，会议改到下午3点。"
        answer = f"邮件已发送给{addr}。"
    result = {"status": "sent", "message_id": f"<{_hex(rng, 16)}@mail.example.com>"}
    return Task("send_email", user, {"to": addr, "subject": subject, "body": body}, result, answer, tpl)


def _create_ticket(rng: random.Random, lang: Lang, tpl: int) -> Task:
    issue_en, issue_zh = _pick(rng, _ISSUES)
    prio = rng.choice(("low", "medium", "high"))
    prio_zh = {"low": "低", "medium": "中", "high": "高"}[prio]
    tid = f"TCK-{rng.randint(1000, 99999)}"
    if lang == "en":
        user = (f"Open a ticket: {issue_en}. Priority {prio}.", f"Please create a ticket for this: {issue_en}.")[tpl]
        answer = f"Created ticket {tid} ({prio} priority)."
        title = issue_en
    else:
        user = (f"帮我创建工单：{issue_zh}，优先级{prio_zh}", f"新建工单，问题是{issue_zh}")[tpl]
        answer = f"已创建工单 {tid}，优先级{prio_zh}。"
        title = issue_zh
    args = {"title": title, "priority": prio}
    return Task("create_ticket", user, args, {"ticket_id": tid, "status": "open"}, answer, tpl)


def _meeting(rng: random.Random, lang: Lang, tpl: int) -> Task:
    name, addr = _pick(rng, _PEOPLE)
    day_en, day_zh, date = _pick(rng, _DAYS)
    t_en, t_zh, hhmm = _pick(rng, _TIMES)
    topic_en, topic_zh = _pick(rng, _TOPICS)
    start = f"{date}T{hhmm}:00+08:00"
    if lang == "en":
        user = (
            f"Book a 30-minute meeting with {name} {day_en} at {t_en}.",
            f"Set up a meeting with {name} {day_en} at {t_en} about {topic_en}.",
        )[tpl]
        answer = f"Your meeting with {name} is booked for {day_en} at {t_en}."
        title = topic_en.capitalize() if tpl == 1 else f"Meeting with {name}"
    else:
        user = (
            f"帮我约个会，{day_zh}{t_zh}和{name}开30分钟会议",
            f"安排一个会议：{day_zh}{t_zh}，和{name}讨论{topic_zh}",
        )[tpl]
        answer = f"已为您预约{day_zh}{t_zh}与{name}的会议。"
        title = topic_zh if tpl == 1 else f"与{name}的会议"
    args = {"title": title, "attendees": [addr], "start": start, "duration_minutes": 30}
    result = {"meeting_id": f"mtg_{_hex(rng, 10)}", "status": "confirmed", "start": start}
    return Task("book_meeting", user, args, result, answer, tpl)


def _read_file(rng: random.Random, lang: Lang, tpl: int) -> Task:
    path = _pick(rng, _FILES)
    error = rng.random() < 0.1
    if error:
        result: dict[str, Any] = {"error": f"ENOENT: no such file or directory: {path}"}
    else:
        lines = rng.randint(12, 400)
        result = {"path": path, "size_bytes": lines * 41, "content": f"# {path}\n" + "lorem ipsum dolor\n" * 3}
    if lang == "en":
        user = (f"Read the file {path} and summarize it.", f"Show me the contents of {path}.")[tpl]
        answer = (
            f"I couldn't open {path}: the file does not exist."
            if error
            else f"{path} is a short file; here is the gist."
        )
    else:
        user = (f"读一下{path}这个文件", f"打开文件{path}看看内容")[tpl]
        answer = f"无法打开{path}：文件不存在。" if error else f"{path}的主要内容如下。"
    return Task("read_file", user, {"path": path}, result, answer, tpl, error)


def _stock(rng: random.Random, lang: Lang, tpl: int) -> Task:
    sym, co_en, co_zh, base = _pick(rng, _STOCKS)
    price = round(base * rng.uniform(0.9, 1.1), 2)
    chg = round(rng.uniform(-4.0, 4.0), 2)
    cur = "HKD" if sym.endswith(".HK") else "USD"
    if lang == "en":
        user = (f"What's {co_en}'s stock price?", f"How is {sym} stock doing today?")[tpl]
        answer = f"{co_en} ({sym}) is at {price} {cur}, {chg:+.2f}% today."
    else:
        user = (f"{co_zh}现在股价多少？", f"看看{sym}今天的股票行情")[tpl]
        answer = f"{co_zh}（{sym}）现价{price} {cur}，今日{chg:+.2f}%。"
    result = {"symbol": sym, "price": price, "currency": cur, "change_pct": chg}
    return Task("get_stock_price", user, {"symbol": sym}, result, answer, tpl)


def _translate(rng: random.Random, lang: Lang, tpl: int) -> Task:
    k = rng.randrange(len(_PHRASES))
    ph_en, ph_zh = _PHRASES[k]
    tl_en, tl_zh, code = _pick(rng, _LANGS)
    phrase = ph_en if lang == "en" else ph_zh
    translation = _TRANSLATIONS[code][k]
    if lang == "en":
        user = (f"Translate '{phrase}' into {tl_en}.", f"How do you say '{phrase}' in {tl_en}? Please translate it.")[
            tpl
        ]
        answer = f"In {tl_en}: {translation}"
    else:
        user = (f"把“{phrase}”翻译成{tl_zh}", f"帮我翻译成{tl_zh}：{phrase}")[tpl]
        answer = f"{tl_zh}：{translation}"
    args = {"text": phrase, "target_language": code}
    return Task("translate_text", user, args, {"translation": translation, "target_language": code}, answer, tpl)


def _calendar(rng: random.Random, lang: Lang, tpl: int) -> Task:
    day_en, day_zh, date = _pick(rng, _DAYS)
    n = rng.randint(0, 3)
    events = [{"time": _TIMES[i][2], "title": (_TOPICS[i][0] if lang == "en" else _TOPICS[i][1])} for i in range(n)]
    if lang == "en":
        user = (f"What's on my calendar for {day_en}?", f"Show me my agenda for {day_en}.")[tpl]
        answer = f"You have {n} event(s) {day_en}." if n else f"Your calendar is free {day_en}."
    else:
        user = (f"我{day_zh}有什么日程？", f"看看我{day_zh}的日历")[tpl]
        answer = f"您{day_zh}有{n}个日程。" if n else f"您{day_zh}没有安排。"
    return Task("get_calendar", user, {"date": date}, {"date": date, "events": events}, answer, tpl)


def _timer(rng: random.Random, lang: Lang, tpl: int) -> Task:
    minutes = rng.choice((5, 10, 15, 20, 25, 45))
    rem_en, rem_zh = _pick(rng, _REMINDERS)
    if lang == "en":
        user = (f"Set a timer for {minutes} minutes.", f"Remind me in {minutes} minutes to {rem_en}.")[tpl]
        label = rem_en if tpl == 1 else "timer"
        answer = f"Timer set for {minutes} minutes."
    else:
        user = (f"设一个{minutes}分钟的计时器", f"帮我定时{minutes}分钟，提醒我{rem_zh}")[tpl]
        label = rem_zh if tpl == 1 else "计时器"
        answer = f"已设置{minutes}分钟的计时器。"
    args = {"duration_seconds": minutes * 60, "label": label}
    return Task("set_timer", user, args, {"timer_id": f"tmr_{_hex(rng, 8)}", "status": "running"}, answer, tpl)


def _database(rng: random.Random, lang: Lang, tpl: int) -> Task:
    count = rng.randint(3, 25000)
    if tpl == 0:
        p_en, p_zh, since = _pick(rng, _PERIODS)
        sql = f"SELECT count(*) AS orders FROM orders WHERE created_at >= '{since}'"
        if lang == "en":
            user = f"How many orders did we get {p_en}? Check the database."
            answer = f"There were {count} orders {p_en}."
        else:
            user = f"查询订单：{p_zh}一共有多少单？"
            answer = f"{p_zh}共有{count}个订单。"
    else:
        r_en, r_zh = _pick(rng, _REGIONS)
        sql = f"SELECT count(*) AS customers FROM customers WHERE region = '{r_en}'"
        if lang == "en":
            user = f"Query the database for the number of customers in {r_en}."
            answer = f"We have {count} customers in {r_en}."
        else:
            user = f"从数据库里查一下{r_zh}的客户数"
            answer = f"{r_zh}共有{count}个客户。"
    result = {"rows": [{"count": count}], "row_count": 1}
    return Task("query_database", user, {"sql": sql}, result, answer, tpl)


def _currency(rng: random.Random, lang: Lang, tpl: int) -> Task:
    (f_code, f_zh, f_rate), (t_code, t_zh, t_rate) = _two(rng, _CURRENCIES)
    amount = rng.choice((50, 100, 250, 1000, 1200))
    rate = round(t_rate / f_rate, 4)
    converted = round(amount * rate, 2)
    if lang == "en":
        user = (f"Convert {amount} {f_code} to {t_code}.", f"What's the exchange rate from {f_code} to {t_code}?")[tpl]
        answer = (
            f"{amount} {f_code} is about {converted} {t_code} (rate {rate})."
            if tpl == 0
            else (f"1 {f_code} = {rate} {t_code}.")
        )
    else:
        user = (f"{amount}{f_zh}换算成{t_zh}是多少？", f"{f_zh}兑{t_zh}的汇率是多少？")[tpl]
        answer = f"{amount}{f_zh}约合{converted}{t_zh}（汇率{rate}）。" if tpl == 0 else f"1{f_zh}={rate}{t_zh}。"
    args = {"amount": amount if tpl == 0 else 1, "from": f_code, "to": t_code}
    result = {"rate": rate, "result": converted if tpl == 0 else rate, "from": f_code, "to": t_code}
    return Task("convert_currency", user, args, result, answer, tpl)


def _directions(rng: random.Random, lang: Lang, tpl: int) -> Task:
    (a_en, a_zh), (b_en, b_zh) = _two(rng, _PLACES)
    mode = rng.choice(("transit", "driving", "walking"))
    km = round(rng.uniform(0.8, 42.0), 1)
    minutes = int(km * {"transit": 3.0, "driving": 2.0, "walking": 12.0}[mode]) + 4
    if lang == "en":
        user = (f"How do I get from {a_en} to {b_en}?", f"Give me directions to {b_en} from {a_en}, {mode}.")[tpl]
        answer = f"By {mode} it's {km} km, about {minutes} minutes."
        args = {"origin": a_en, "destination": b_en, "mode": mode}
    else:
        user = (f"从{a_zh}到{b_zh}怎么去？", f"导航去{b_zh}，从{a_zh}出发")[tpl]
        answer = f"全程{km}公里，大约{minutes}分钟。"
        args = {"origin": a_zh, "destination": b_zh, "mode": mode}
    result = {"distance_km": km, "duration_min": minutes, "mode": mode, "summary": f"{km} km via main roads"}
    return Task("get_directions", user, args, result, answer, tpl)


def _update_ticket(rng: random.Random, lang: Lang, tpl: int) -> Task:
    tid = f"TCK-{rng.randint(1000, 99999)}"
    status = "in_progress" if tpl == 0 else rng.choice(("resolved", "waiting_on_customer"))
    status_zh = {"in_progress": "处理中", "resolved": "已解决", "waiting_on_customer": "等待客户"}[status]
    if lang == "en":
        user = (f"Mark ticket {tid} as in progress.", f"Update ticket {tid}: set the status to {status}.")[tpl]
        answer = f"Ticket {tid} is now {status.replace('_', ' ')}."
    else:
        user = (f"把工单{tid}从待处理改成处理中", f"更新工单{tid}的状态为{status_zh}")[tpl]
        answer = f"工单{tid}已更新为{status_zh}。"
    args = {"ticket_id": tid, "status": status}
    return Task("update_ticket", user, args, {"ticket_id": tid, "status": status, "updated": True}, answer, tpl)


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "get_weather",
        "Current weather and forecast for a location",
        True,
        ("weather", "forecast", "temperature", "天气", "气温"),
        3,
        _weather,
        "You didn't actually check. What's the weather in {x}?",
        "你没有查天气啊，{x}天气到底怎么样？",
    ),
    ToolSpec(
        "set_volume",
        "Change the device volume",
        True,
        ("volume", "louder", "quieter", "音量", "声音"),
        3,
        _volume,
        "Nothing happened, the volume didn't change. Please adjust the volume again.",
        "音量根本没变，请重新调一下音量。",
    ),
    ToolSpec(
        "search_web",
        "Search the web",
        True,
        ("search the web", "look up", "搜索", "搜一下"),
        2,
        _search,
        "You didn't search anything. Please look up {x}.",
        "你没搜索啊，请帮我搜索{x}。",
    ),
    ToolSpec(
        "send_email",
        "Send an email (not idempotent)",
        False,
        ("email", "e-mail", "邮件"),
        2,
        _email,
        "The email never arrived. Please send the email to {x} again.",
        "对方没收到邮件，请重新发邮件给{x}。",
    ),
    ToolSpec(
        "create_ticket",
        "Open a support ticket (not idempotent)",
        False,
        ("open a ticket", "create a ticket", "创建工单", "新建工单"),
        2,
        _create_ticket,
        "I don't see any new ticket. Please create a ticket for it.",
        "没看到新工单，请真的创建工单。",
    ),
    ToolSpec(
        "book_meeting",
        "Book a meeting (not idempotent)",
        False,
        ("meeting", "会议", "约个会"),
        2,
        _meeting,
        "The meeting isn't in my calendar. Please book the meeting again.",
        "日历里没有这个会议，请重新预约会议。",
    ),
    ToolSpec(
        "read_file",
        "Read a file from the workspace",
        True,
        ("read the file", "contents of", "读一下", "打开文件"),
        2,
        _read_file,
        "You didn't open it. Please read the file {x}.",
        "你没打开啊，请读一下{x}。",
    ),
    ToolSpec(
        "get_stock_price",
        "Latest stock quote",
        True,
        ("stock", "股价", "股票"),
        2,
        _stock,
        "That's not a live quote. Check the stock price of {x} please.",
        "这不是实时股价，请查一下{x}的股价。",
    ),
    ToolSpec(
        "translate_text",
        "Translate text",
        True,
        ("translate", "翻译"),
        2,
        _translate,
        "Please actually translate it: {x}",
        "请真的翻译一下：{x}",
    ),
    ToolSpec(
        "get_calendar",
        "Read the user's calendar",
        True,
        ("calendar", "agenda", "日程", "日历"),
        2,
        _calendar,
        "Please check my calendar for real.",
        "请真的看一下我的日历。",
    ),
    ToolSpec(
        "set_timer",
        "Start a timer",
        True,
        ("timer", "remind me", "计时器", "定时"),
        2,
        _timer,
        "No timer is running. Please set the timer again.",
        "计时器没有启动，请重新设置计时器。",
    ),
    ToolSpec(
        "query_database",
        "Run a read-only SQL query",
        True,
        ("database", "查询订单", "数据库"),
        2,
        _database,
        "Please run the query against the database.",
        "请到数据库里真的查一下。",
    ),
    ToolSpec(
        "convert_currency",
        "Convert between currencies",
        True,
        ("convert", "exchange rate", "换算", "汇率"),
        2,
        _currency,
        "Please use the live exchange rate and convert it.",
        "请用实时汇率换算一下。",
    ),
    ToolSpec(
        "get_directions",
        "Route between two places",
        True,
        ("how do i get", "directions", "怎么去", "导航"),
        2,
        _directions,
        "Please get me real directions to {x}.",
        "请帮我导航去{x}。",
    ),
    ToolSpec(
        "update_ticket",
        "Change a ticket's status (not idempotent)",
        False,
        ("mark ticket", "update ticket", "把工单", "更新工单"),
        2,
        _update_ticket,
        "The ticket status didn't change. Please update ticket {x}.",
        "工单状态没变，请更新工单{x}。",
    ),
)

TOOLS_BY_NAME: dict[str, ToolSpec] = {t.name: t for t in TOOLS}
NON_IDEMPOTENT_TOOLS: frozenset[str] = frozenset(t.name for t in TOOLS if not t.idempotent)
# Tools whose several calls in one turn read naturally ("compare A and B").
MULTI_TOOLS: tuple[str, ...] = ("get_weather", "get_stock_price")


def classify_request(text: str) -> str | None:
    """The kind of a user request: the first tool (in `TOOLS` order) one of whose keywords it contains."""
    low = text.lower()
    for tool in TOOLS:
        for kw in tool.keywords:
            if kw in low:
                return tool.name
    return None


def make_task(rng: random.Random, lang: Lang, tool: str | None = None, *, not_template: int | None = None) -> Task:
    spec = TOOLS_BY_NAME[tool] if tool is not None else TOOLS[rng.randrange(len(TOOLS))]
    choices = [i for i in range(spec.templates) if i != not_template] or [0]
    return spec.make(rng, lang, choices[rng.randrange(len(choices))])


# Requests for an act, and the argument that names what each act is about. A text-only "done" is never a fair
# answer to a new act (lookups are not used: a lookup may be answerable from earlier results, or read as a
# general question).
_ACTS: dict[str, str] = {
    "set_volume": "volumeCode",
    "send_email": "to",
    "create_ticket": "title",
    "book_meeting": "attendees",
    "set_timer": "duration_seconds",
    "update_ticket": "ticket_id",
}


def regression_pair(rng: random.Random, lang: Lang) -> tuple[Task, Task]:
    """Seed 003: a request for an act served by a tool, and a later request for the same act about something
    else (same tool and request template; for `set_volume` the opposite direction: 声音大一点 / 声音调小一点).
    Answering the second one with text only is a regression by any reading of docs/semantics.md."""
    names = sorted(_ACTS)
    spec = TOOLS_BY_NAME[names[rng.randrange(len(names))]]
    if spec.name == "set_volume":
        tpl = rng.randrange(2)
        return spec.make(rng, lang, tpl), spec.make(rng, lang, 1 - tpl)
    tpl = rng.randrange(spec.templates)
    first = spec.make(rng, lang, tpl)
    key = _ACTS[spec.name]
    second = first
    for _ in range(100):
        second = spec.make(rng, lang, tpl)
        if second.args[key] != first.args[key]:
            break
    return first, second


def retry_request(task: Task, lang: Lang) -> str:
    """The user's complaint after a text-only answer to a request of `task`'s kind (it names the kind again)."""
    spec = TOOLS_BY_NAME[task.tool]
    x = _retry_subject(task, lang)
    return (spec.retry_en if lang == "en" else spec.retry_zh).format(x=x)


def _retry_subject(task: Task, lang: Lang) -> str:
    a = task.args
    for key in ("location", "query", "to", "path", "symbol", "destination", "ticket_id", "text"):
        if key in a:
            return str(a[key])
    return ""


def multi_request(tasks: Sequence[Task], lang: Lang) -> str:
    """One user message asking for several tasks (answered by parallel calls, or by a chain of calls)."""
    if len(tasks) >= 2 and all(t.tool == "get_weather" for t in tasks):
        places = [str(t.args["location"]) for t in tasks]
        if lang == "en":
            return f"Compare the weather in {', '.join(places[:-1])} and {places[-1]}."
        return f"对比一下{'、'.join(places[:-1])}和{places[-1]}的天气。"
    if len(tasks) >= 2 and all(t.tool == "get_stock_price" for t in tasks):
        syms = [str(t.args["symbol"]) for t in tasks]
        if lang == "en":
            return f"Compare the stock prices of {', '.join(syms[:-1])} and {syms[-1]}."
        return f"对比一下{'、'.join(syms[:-1])}和{syms[-1]}的股价。"
    return _join([t.user for t in tasks], lang, " Also: ", "另外，")


def chain_request(tasks: Sequence[Task], lang: Lang) -> str:
    return _join([t.user for t in tasks], lang, " After that: ", "然后，")


def join_answers(answers: Sequence[str], lang: Lang) -> str:
    return _join(answers, lang, " ", "")


_ZH_STOPS = ("。", "？", "！", "；")


def _join(parts: Sequence[str], lang: Lang, sep_en: str, sep_zh: str) -> str:
    """English: joined by `sep_en`. Chinese: each part closed by a full stop unless it ends with one, then
    `sep_zh` (a Latin ending such as "auf." gets a space)."""
    if lang == "en":
        return sep_en.join(parts)
    out = ""
    for i, p in enumerate(parts):
        if i:
            if not out.endswith(_ZH_STOPS):
                out += " " if out.endswith((".", "!", "?")) else "。"
            out += sep_zh
        out += p
    return out


# ---------------------------------------------------------------------------------------------------------------
# Chit-chat and fault texts (none contains a tool keyword)

SYSTEM_PROMPTS: dict[str, tuple[str, str]] = {
    "voice-assistant": (
        "You are a helpful voice assistant that controls the user's devices and answers questions. "
        "Call a tool whenever the user asks for an action; never pretend an action was done.",
        "你是一个智能语音助手，可以控制设备并回答问题。用户要求执行操作时必须调用工具，不要假装已经完成。",
    ),
    "helpdesk-bot": (
        "You are the IT helpdesk assistant of Example Corp. Use the ticketing tools to open and update tickets.",
        "你是Example公司的IT服务台助手。请使用工单工具创建和更新工单。",
    ),
    "ops-copilot": (
        "You are an operations copilot. You can query internal systems with the provided tools. Be concise.",
        "你是运维助手，可以用提供的工具查询内部系统。回答要简洁。",
    ),
    "travel-planner": (
        "You are a travel planning assistant. Use tools for live weather, directions and currency data.",
        "你是旅行规划助手。实时天气、路线和汇率请用工具查询。",
    ),
    "mail-agent": (
        "You are an email and calendar agent acting on behalf of the user. Confirm what you sent or booked.",
        "你是代表用户处理邮件和日程的助手。发送或预约后请确认结果。",
    ),
}
APP_VERSIONS: tuple[str, ...] = ("1.4.2", "1.5.0", "2.0.1", "2.1.0-beta")

_GREETINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("Hi!", "Hi! How can I help you today?"), ("Hello there.", "Hello! What can I do for you?")),
    "zh": (("你好", "你好！有什么可以帮你的？"), ("在吗？", "在的，请问需要什么帮助？")),
}
_THANKS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("Thanks!", "You're welcome!"), ("Great, thank you.", "Happy to help!")),
    "zh": (("谢谢！", "不客气！"), ("好的，谢谢", "随时为您效劳。")),
}
_PREAMBLES: dict[str, tuple[str, ...]] = {
    "en": ("Let me check that for you.", "One moment.", "Sure, I'll take care of it."),
    "zh": ("我来查一下。", "稍等。", "好的，马上处理。"),
}
_INTERRUPTS: dict[str, tuple[str, ...]] = {
    "en": ("Actually, never mind that. ", "Wait, stop. ", "Forget it, something else: "),
    "zh": ("算了，不用了。", "等等，先别弄了。", "先停一下，"),
}
_IMPATIENT: dict[str, tuple[str, ...]] = {
    "en": ("Is it done yet?", "Hello? Still working on it?", "Any update?"),
    "zh": ("好了吗？", "还在处理吗？", "怎么样了？"),
}
_RESUMES: dict[str, tuple[str, ...]] = {
    "en": ("That seemed to hang. Let's try something else: ", "Hello? No answer... Never mind. "),
    "zh": ("刚才好像卡住了。换个问题：", "怎么没反应了……算了，"),
}
_TEXT_ONLY: dict[str, tuple[str, ...]] = {
    "en": ("Sure, done.", "OK, I've taken care of it.", "Got it, all set."),
    "zh": ("好的，明白。", "好的，已经为您处理。", "收到，已完成。"),
}
_LATE_PREFIX: dict[str, str] = {"en": "Sorry for the wait. ", "zh": "抱歉久等了。"}
_MISSING: dict[str, str] = {
    "en": "I couldn't get a result from {tool}; it didn't respond.",
    "zh": "{tool} 没有返回结果。",
}
_ORPHAN_ANSWER: dict[str, tuple[str, ...]] = {
    "en": ("Based on that result, everything looks fine.", "That's the latest result I have."),
    "zh": ("根据这个结果，一切正常。", "这是我拿到的最新结果。"),
}


def greeting(rng: random.Random, lang: Lang) -> tuple[str, str]:
    pair: tuple[str, str] = _pick(rng, _GREETINGS[lang])
    return pair


def thanks(rng: random.Random, lang: Lang) -> tuple[str, str]:
    pair: tuple[str, str] = _pick(rng, _THANKS[lang])
    return pair


def preamble(rng: random.Random, lang: Lang) -> str:
    return str(_pick(rng, _PREAMBLES[lang]))


def interrupt_prefix(rng: random.Random, lang: Lang) -> str:
    return str(_pick(rng, _INTERRUPTS[lang]))


def impatient(rng: random.Random, lang: Lang) -> str:
    return str(_pick(rng, _IMPATIENT[lang]))


def resume_prefix(rng: random.Random, lang: Lang) -> str:
    return str(_pick(rng, _RESUMES[lang]))


def text_only_answer(rng: random.Random, lang: Lang) -> str:
    return str(_pick(rng, _TEXT_ONLY[lang]))


def late_answer(task: Task, lang: Lang) -> str:
    return _LATE_PREFIX[lang] + task.answer


def missing_note(tool: str, lang: Lang) -> str:
    return _MISSING[lang].format(tool=tool)


_RETRY_ERRORS: dict[str, dict[str, str]] = {
    "NOT_FOUND": {"en": "the resource the call names was not found", "zh": "调用指定的资源不存在"},
    "DEADLINE_EXCEEDED": {"en": "the upstream service did not answer in time", "zh": "上游服务未能及时响应"},
}
_RETRY_FAILED = {"en": "I could not complete this with {tool}: it failed twice with the same error.",
                 "zh": "{tool}两次都返回了同样的错误，这一步我没能完成。"}


def retry_error(code: str, lang: Lang) -> dict[str, Any]:
    """A tool's error result, as a service in front of it writes one (Google-style `code` and `message`)."""
    return {"error": {"code": code, "message": _RETRY_ERRORS[code][lang]}}


def retry_failed_note(tool: str, lang: Lang) -> str:
    return _RETRY_FAILED[lang].format(tool=tool)


def orphan_answer(rng: random.Random, lang: Lang) -> str:
    return str(_pick(rng, _ORPHAN_ANSWER[lang]))


def chit_chat_texts() -> list[str]:
    """Every user text that is not a tool request (for tests: none of them has a kind)."""
    out: list[str] = []
    for lang in ("en", "zh"):
        out += [g[0] for g in _GREETINGS[lang]] + [t[0] for t in _THANKS[lang]]
        out += list(_INTERRUPTS[lang]) + list(_IMPATIENT[lang]) + list(_RESUMES[lang])
    return out
