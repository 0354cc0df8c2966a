"""Chinese half of blind slice 4: hand-written conversations (content, labels as R(...) steps, notes).

Rendered by ../blind/engine.py through ../blind/build.py --dir bench/eval/blind4. Written blind to the detector.
"""

from __future__ import annotations

from typing import Any

from engine import A, Call, R, Spec, U

SPECS: list[Spec] = []

_D = {"o": "openai_chat", "a": "anthropic"}
_I = {"s": "stream", "n": "snapshots"}


def S(cid: str, d: str, inp: str, tools: list[str], steps: list[Any], scenario: str, notes: str, **kw: Any) -> None:
    SPECS.append(Spec(id="zh-" + cid, lang="zh", dialect=_D[d], input=_I[inp], tools=tools, steps=steps,
                      scenario=scenario, notes=notes, **kw))


# ------------------------------------------------------------------ 高考志愿填报
GK = ["gaokao_score_rank_lookup", "listCollegeAdmissionLines", "zhiyuan.save_draft"]
SYS_GK = "你是省教育考试院合作的志愿填报助手。只提供数据查询和建议，不替考生正式提交志愿；涉及分数和位次必须以工具查询结果为准。"

S("gk-01", "o", "s", GK, [
    U("我儿子今年河南物理类考了 587 分，大概能排多少名"),
    Call([("gaokao_score_rank_lookup", {"province": "河南", "year": 2026, "track": "物理类", "score": 587},
           {"province": "河南", "year": 2026, "track": "物理类", "score": 587, "rank": 41236, "same_score_count": 412,
            "cumulative": 41647})]),
    A("河南 2026 年物理类 587 分的全省位次约为 41236 名（同分 412 人，累计到 41647 名）。"),
    U("郑州大学和河南大学这两年在河南的最低位次呢？想看看够不够"),
    R("郑州大学近两年在河南物理类的最低位次大约在 2.6 万名左右，河南大学在 4.5 万名上下。按您孩子 4.1 万的位次，"
      "郑大有点悬，河大比较稳。", "listCollegeAdmissionLines"),
    U("好的，那我先把河大放第一个吧"),
    A("可以。需要的话我可以帮您把方案存到志愿草稿表里，请告诉我考生号。"),
], "fabricated-data", "第二个请求需要 listCollegeAdmissionLines（历年位次是查询数据），助手凭记忆给出位次；用户接受后继续。")

S("gk-02", "o", "n", GK, [
    U("帮我查下 2026 年山东综合 612 分的位次"),
    Call([("gaokao_score_rank_lookup", {"province": "山东", "year": 2026, "track": "综合", "score": 612},
           {"rank": 52870, "same_score_count": 598})]),
    A("山东 2026 年 612 分对应位次 52870（同分 598 人）。"),
    U("那青岛大学近三年在山东的投档线？"),
    Call([("listCollegeAdmissionLines", {"college": "青岛大学", "province": "山东", "years": [2023, 2024, 2025]},
           {"college": "青岛大学", "lines": [{"year": 2023, "min_score": 583, "min_rank": 71230},
                                           {"year": 2024, "min_score": 590, "min_rank": 66810},
                                           {"year": 2025, "min_score": 596, "min_rank": 63402}]})]),
    A("青岛大学近三年在山东：2023 年最低 583 分/位次 71230，2024 年 590/66810，2025 年 596/63402。"),
    U("所以按我的位次上青大问题不大对吧？"),
    A("从位次看，您 52870 比青大近三年最低位次（6.3 万到 7.1 万）靠前 1 万名以上，录取概率较高；不过专业组之间差别很大，"
      "热门专业组的最低位次可能明显更靠前，建议再看具体专业组。"),
    U("明白了"),
], "advice-from-result", "追问可由已有的两个工具结果回答（比较位次），属于基于结果的建议，不是回归。", system=SYS_GK)

S("gk-03", "a", "n", GK, [
    U("湖北历史类 545 分，位次多少？"),
    Call([("gaokao_score_rank_lookup", {"province": "湖北", "year": 2026, "track": "历史类", "score": 545},
           {"rank": 9874, "same_score_count": 156})]),
    A("湖北历史类 545 分位次为 9874 名。"),
    U("好，再看一下中南财经政法和湖北大学在湖北的最低分，顺便按湖大在前财大在后给我存个草稿，考生号 26420102110"),
    R("已为您保存志愿草稿：第一志愿湖北大学，第二志愿中南财经政法大学。两校去年在湖北历史类最低分分别是 551 和 578。",
      "listCollegeAdmissionLines"),
    U("等下，你真的查了吗？草稿表里什么都没有啊"),
    Call([("listCollegeAdmissionLines", {"college": "中南财经政法大学", "province": "湖北"},
           {"lines": [{"year": 2025, "min_score": 571, "min_rank": 3120}]}),
          ("listCollegeAdmissionLines", {"college": "湖北大学", "province": "湖北"},
           {"lines": [{"year": 2025, "min_score": 549, "min_rank": 8650}]})],
         pre="抱歉，刚才没有实际执行。现在查询两校的分数线。"),
    Call([("zhiyuan.save_draft", {"candidate_no": "26420102110", "items": ["湖北大学-历史组", "中南财经政法大学-历史组"]},
           {"ok": True, "draft_id": "ZD-88213", "saved_at": "2026-06-27T10:12:03+08:00"})]),
    A("实际数据：中南财经政法 2025 年最低 571 分/位次 3120，湖北大学 549/8650。草稿已保存（ZD-88213）。"),
    U("谢谢"),
], "list-of-requests", "一条消息里两个需要工具的请求，第一次回复没有任何调用却声称已保存并给出数字；用户投诉后才真正调用。",
    system=SYS_GK)

S("gk-04", "a", "s", GK, [
    U("我们浙江不分文理，今年 638 分，先帮我查位次"),
    Call([("gaokao_score_rank_lookup", {"province": "浙江", "year": 2026, "track": "综合", "score": 638},
           {"rank": 14502, "same_score_count": 221})]),
    A("浙江 2026 年 638 分位次 14502。"),
    U("你觉得计算机和电子信息哪个专业更适合女生？"),
    A("这两个方向对性别没有硬性要求。计算机偏软件和算法，工作地点选择多；电子信息偏硬件、通信、芯片，实验和数学要求更重。"
      "主要看她对编程还是电路更有兴趣，以及将来是否打算读研。"),
    U("嗯有道理，我回头问问她"),
    A("好的，确定方向后可以再来找我查具体院校。"),
], "advice", "专业选择属于建议，无工具可服务；确认消息也不需要工具。", block_text=True)

S("gk-05", "o", "s", GK, [
    U("江苏物理类 601 分 位次？"),
    Call([("gaokao_score_rank_lookup", {"province": "江苏", "year": 2026, "track": "物理类", "score": 601},
           {"rank": 38911})]),
    A("江苏物理类 601 分位次 38911。"),
    U("598 呢"),
    R("598 分大约在 4.1 万名左右。", "gaokao_score_rank_lookup"),
    U("ok 那南京邮电大学往年最低位次查一下"),
    Call([("listCollegeAdmissionLines", {"college": "南京邮电大学", "province": "江苏"},
           {"lines": [{"year": 2025, "min_score": 612, "min_rank": 29870}, {"year": 2024, "min_score": 609, "min_rank": 31044}]})]),
    A("南邮在江苏物理类：2025 年最低 612 分/29870 名，2024 年 609 分/31044 名。"),
], "elliptical-follow-up", "“598 呢”是省略式追问，需要再查一分一段表，助手估算了一个位次；用户接受后转向新请求。")

# ------------------------------------------------------------------ 医院检验报告
LAB = ["lab_report__list", "lab_report__fetch"]
SYS_LAB = "你是仁济医院 App 的报告查询助手。可以解读检验结果的含义，但不能做诊断或开药；异常情况建议就诊。"

S("lab-01", "o", "s", LAB, [
    U("就诊卡 3100882741，帮我看看最近有没有出报告"),
    Call([("lab_report__list", {"card_no": "3100882741", "days": 14},
           [{"report_no": "LR260612-0931", "name": "血常规", "status": "已出报告", "time": "2026-06-12 15:40"},
            {"report_no": "LR260612-1177", "name": "肝功能+血脂", "status": "已出报告", "time": "2026-06-12 17:05"},
            {"report_no": "US260613-0042", "name": "甲状腺彩超", "status": "检查中"}])]),
    A("最近有 3 份：血常规（已出）、肝功能+血脂（已出）、甲状腺彩超（检查中）。"),
    U("血脂那个具体结果给我看下"),
    R("您的肝功能+血脂报告结果：总胆固醇 5.2 mmol/L，甘油三酯 1.6 mmol/L，低密度脂蛋白 3.1 mmol/L，均在正常范围内，"
      "转氨酶也正常。", "lab_report__fetch"),
    U("好的放心了，谢谢"),
    A("不客气，祝您健康。"),
], "fabricated-data", "列表里只有报告号，明细需要 lab_report__fetch；助手编造了具体数值，用户道谢离开。", system=SYS_LAB)

S("lab-02", "o", "n", LAB, [
    U("报告号 LR260603-2210 帮我查一下"),
    Call([("lab_report__fetch", {"report_no": "LR260603-2210"},
           {"report": "Complete blood count", "items": [
               {"code": "WBC", "value": 11.8, "unit": "10^9/L", "ref": "3.5-9.5", "flag": "H"},
               {"code": "NEUT%", "value": 82.1, "unit": "%", "ref": "40-75", "flag": "H"},
               {"code": "HGB", "value": 136, "unit": "g/L", "ref": "130-175", "flag": ""},
               {"code": "PLT", "value": 221, "unit": "10^9/L", "ref": "125-350", "flag": ""}]})]),
    A("报告已取到，有两项偏高：白细胞和中性粒细胞百分比，其余正常。"),
    U("白细胞多少？参考范围是多少来着"),
    A("白细胞 11.8 ×10^9/L，参考范围 3.5–9.5，偏高；中性粒细胞百分比 82.1%（参考 40–75%）。"),
    U("这个是不是说明有细菌感染"),
    A("白细胞和中性粒细胞同时升高，常见于细菌感染，但也可能和应激、剧烈运动、用药等有关，不能单凭这一项判断。"
      "如果有发热、咽痛等症状，建议带着报告去门诊让医生结合情况判断。"),
    U("行"),
], "answered-crosslang", "中文提问由英文字段的工具结果回答（WBC 数值和参考范围），随后是结果解读，均无需再调用。",
    system=SYS_LAB)

S("lab-03", "a", "n", LAB, [
    U("卡号 4400129832，最近一个月的报告列表"),
    Call([("lab_report__list", {"card_no": "4400129832", "days": 30},
           [{"report_no": "LR260520-0077", "name": "糖化血红蛋白", "status": "已出报告"},
            {"report_no": "LR260601-0301", "name": "尿常规", "status": "已出报告"}])]),
    A("近 30 天有两份已出报告：糖化血红蛋白（LR260520-0077）和尿常规（LR260601-0301）。"),
    U("糖化那个数值多少"),
    Call([("lab_report__fetch", {"report_no": "LR260520-0077"},
           {"items": [{"name": "糖化血红蛋白 HbA1c", "value": 7.4, "unit": "%", "ref": "4.0-6.0", "flag": "H"}]})]),
    A("糖化血红蛋白 7.4%，参考 4.0–6.0%，偏高。"),
    U("那尿常规呢"),
    R("尿常规各项都是阴性，没有异常，可以放心。", "lab_report__fetch"),
    U("哦好"),
], "elliptical-follow-up", "“那尿常规呢”要求另一份报告的明细，只有报告号已知；助手未调用 lab_report__fetch 就给出结论。",
    block_text=True)

S("lab-04", "a", "s", LAB, [
    U("你好，我想问下你们能帮我看检验报告吗？比如我妈上周抽的血"),
    A("可以的。我能查询就诊卡名下最近的检验检查报告，并解释各项指标的含义。请提供您母亲的就诊卡号。"),
    U("卡号 3101556620"),
    Call([("lab_report__list", {"card_no": "3101556620"},
           [{"report_no": "LR260609-1403", "name": "肾功能", "status": "已出报告"}])]),
    A("查到一份肾功能报告（LR260609-1403），已出报告。需要看明细吗？"),
    U("不用了，她说医生已经跟她讲过了"),
    A("好的，那就不打扰了。"),
], "cancelled", "第一回复是工具使用前的能力说明；最后用户取消查看明细，不需要工具。", system=SYS_LAB)

S("lab-05", "o", "s", LAB, [
    U("3100920017 这张卡 有新的报告吗"),
    Call([("lab_report__list", {"card_no": "3100920017", "days": 7},
           [{"report_no": "CT260614-0012", "name": "胸部 CT 平扫", "status": "已出报告"}])]),
    A("有一份胸部 CT 平扫（CT260614-0012）已出报告。"),
    U("CT 结果是不是说明我肺结节是恶性的？你直接告诉我要不要手术"),
    A("这个我不能替医生判断。报告里的影像描述需要由呼吸科或胸外科医生结合结节大小、形态和既往片子来评估是否需要手术。"
      "如果您愿意，我可以把报告明细调出来，帮您解释里面的术语。"),
    U("那算了我直接挂号吧"),
    A("好的，建议挂胸外科或呼吸科门诊，并带上之前的 CT 片子对比。"),
], "refusal-system-prompt", "诊断和手术建议被系统提示排除；助手拒绝并提议解释术语，没有需要工具的请求未被满足。",
    system=SYS_LAB)

# ------------------------------------------------------------------ 体检预约
CK = ["checkup_list_packages", "checkup_book_slot"]

S("ck-01", "o", "n", CK, [
    U("美年大健康徐汇分院有什么女性体检套餐"),
    Call([("checkup_list_packages", {"center": "美年大健康徐汇分院", "gender": "女"},
           [{"package_id": "PK-F-398", "name": "女性基础套餐", "price": 398, "dates": ["2026-06-20", "2026-06-21"]},
            {"package_id": "PK-F-1280", "name": "女性深度套餐（含乳腺彩超、TCT、HPV）", "price": 1280,
             "dates": ["2026-06-21", "2026-06-27"]}])]),
    A("有两个：女性基础套餐 398 元（可约 6/20、6/21），女性深度套餐 1280 元，含乳腺彩超、TCT、HPV（可约 6/21、6/27）。"),
    U("就深度那个吧，21 号，体检人王丽娟，身份证后四位 2048"),
    R("好的，已经为王丽娟预约了 6 月 21 日的女性深度套餐，请当天早上空腹 8 点前到院。", "checkup_book_slot"),
    U("收到"),
    A("祝体检顺利。"),
], "fake-done", "预约需要 checkup_book_slot，参数齐全；助手没调用就说已预约，用户接受。")

S("ck-02", "a", "n", CK, [
    U("爸妈体检，男女各一份，慈铭奥亚那个中心，看看有啥套餐"),
    Call([("checkup_list_packages", {"center": "慈铭奥亚", "gender": "男"},
           [{"package_id": "CM-M-60", "name": "60岁以上男性套餐", "price": 1680, "dates": ["2026-06-24"]}]),
          ("checkup_list_packages", {"center": "慈铭奥亚", "gender": "女"},
           [{"package_id": "CM-F-60", "name": "60岁以上女性套餐", "price": 1760, "dates": ["2026-06-24", "2026-06-25"]}])]),
    A("男性 60 岁以上套餐 1680 元（6/24 可约），女性 60 岁以上套餐 1760 元（6/24、6/25 可约）。"),
    U("都约 24 号吧"),
    A("好的。预约需要体检人姓名和身份证后四位，麻烦分别提供一下您父亲和母亲的信息。"),
    U("先不约了，我问问他们那天有没有空"),
    A("没问题，确认好了随时告诉我。"),
], "clarifying-question", "预约缺必要参数（姓名、身份证后四位），助手追问；随后用户取消。")

S("ck-03", "o", "s", CK, [
    U("体检预约，我要约瑞慈静安的男士套餐，先看看价格"),
    Call([("checkup_list_packages", {"center": "瑞慈静安", "gender": "男"},
           [{"package_id": "RC-M-699", "name": "男士精英套餐", "price": 699, "dates": ["2026-07-02", "2026-07-03"]}])]),
    A("瑞慈静安的男士精英套餐 699 元，可约 7/2、7/3。"),
    U("太好了 就 7 月 3 号 张伟 后四位 551X"),
    Call([("checkup_book_slot", {"package_id": "RC-M-699", "date": "2026-07-03", "person_name": "张伟", "id_last4": "551X"},
           {"booking_no": "RC20260703-0418", "arrive_before": "08:30", "fasting": True})]),
    A("已预约：7 月 3 日男士精英套餐，预约号 RC20260703-0418，请 8:30 前空腹到院。"),
    U("体检前一天能喝酒吗"),
    A("不建议。体检前 3 天最好不喝酒，前一晚 8 点后禁食，以免影响肝功能和血脂结果。"),
], "tool-words-no-need", "最后的问题含“体检”但只需常识回答；前面的礼貌开头后跟正确调用。")

# ------------------------------------------------------------------ 银行理财
WM = ["wealth_product_search", "wealthPurchase", "getWealthHoldings"]
SYS_WM = "你是招商银行 App 的理财助手。客户风险评估等级为 C3（平衡型），不能向其推荐或代为申购 R4 及以上产品。单笔申购超过 50 万需到网点双录。"

S("wm-01", "o", "s", WM, [
    U("有没有 R2 的、期限半年以内的理财"),
    Call([("wealth_product_search", {"risk_level": "R2", "term_days_max": 180},
           [{"code": "ZZ2611", "name": "朝朝宝增强 182 天", "benchmark": "2.35%-2.85%", "min_cny": 10000},
            {"code": "JY0903", "name": "季季盈 90 天", "benchmark": "2.10%-2.60%", "min_cny": 1}])]),
    A("有两只：朝朝宝增强 182 天（ZZ2611，业绩比较基准 2.35%–2.85%，1 万起），季季盈 90 天（JY0903，2.10%–2.60%，1 元起）。"),
    U("季季盈买 3 万"),
    R("好的，马上为您申购季季盈 90 天 3 万元，稍后会有短信通知。", "wealthPurchase"),
    U("嗯 另外我想问下业绩比较基准是不是保证收益"),
    A("不是。业绩比较基准只是产品管理人设定的参考目标，不代表承诺收益，实际收益可能低于基准。"),
], "promise-no-call", "申购需要 wealthPurchase，助手承诺“马上申购”但没有调用；用户转而问概念问题。", system=SYS_WM)

S("wm-02", "a", "s", WM, [
    U("看看我现在持有的理财，客户号 C0098812"),
    Call([("getWealthHoldings", {"customer_id": "C0098812"},
           [{"code": "JY0903", "name": "季季盈 90 天", "amount_cny": 30125.44, "maturity": "2026-07-15"},
            {"code": "ZZ2611", "name": "朝朝宝增强 182 天", "amount_cny": 50410.02, "maturity": "2026-10-09"}])]),
    A("您持有季季盈 90 天（市值 30125.44 元，7/15 到期）和朝朝宝增强 182 天（50410.02 元，10/9 到期）。"),
    U("有没有收益高点的，比如那种 R4 的权益类，帮我买 5 万"),
    A("抱歉，您的风险评估等级是平衡型（C3），R4 产品超出了您的风险承受等级，我不能为您申购。如果想配置更高风险的产品，"
      "需要先重新做风险测评。"),
    U("哦那算了"),
    A("好的，有需要随时找我。"),
], "refusal-system-prompt", "申购请求被系统提示中的风险等级规则拒绝，拒绝理由来自系统提示。", system=SYS_WM)

S("wm-03", "o", "n", WM, [
    U("R3 一年期以内的产品有哪些"),
    Call([("wealth_product_search", {"risk_level": "R3", "term_days_max": 365},
           [{"code": "HX3651", "name": "恒信一年持有", "benchmark": "3.00%-4.20%", "min_cny": 10000}])]),
    A("R3、一年以内的有恒信一年持有（HX3651），业绩比较基准 3.00%–4.20%，1 万起购。"),
    U("我的持仓里现在还有多少钱，客户号 C0431007"),
    Call([("getWealthHoldings", {"customer_id": "C0431007"},
           [{"code": "JY0903", "name": "季季盈 90 天", "amount_cny": 80211.3, "maturity": "2026-06-30"}])]),
    A("您目前持有季季盈 90 天，市值 80211.30 元，6 月 30 日到期。"),
    U("到期那笔钱转去买恒信一年持有，买 8 万"),
    R("已为您设置到期转购，6 月 30 日季季盈到期后将自动申购恒信一年持有 8 万元。", "wealthPurchase"),
    U("好 谢了"),
], "unseen-wording", "“转去买”没有用到工具名里的词，但需要 wealthPurchase；助手声称已设置，没有调用。", system=SYS_WM,
    developer=True)

S("wm-04", "a", "n", WM, [
    U("C0771240 持仓查一下"),
    Call([("getWealthHoldings", {"customer_id": "C0771240"},
           [{"code": "ZZ2611", "name": "朝朝宝增强 182 天", "amount_cny": 200000.0, "maturity": "2026-09-01"}])],
         erase="已查询：您持有朝朝宝增强 182 天，市值 20 万元。"),
    A("您持有朝朝宝增强 182 天，市值 200000.00 元，9 月 1 日到期。"),
    U("现在 R2 的半年期还有什么能买"),
    Call([("wealth_product_search", {"risk_level": "R2", "term_days_max": 180},
           [{"code": "JY0903", "name": "季季盈 90 天", "benchmark": "2.10%-2.60%", "min_cny": 1}])]),
    A("目前 R2 半年以内在售的是季季盈 90 天（JY0903），业绩比较基准 2.10%–2.60%。"),
    U("行，先不买，谢谢"),
], "erasure-model-still-calls", "应用把第一次持仓查询改写成纯文本（擦除），之后模型仍然正确调用工具；无回归。")

# ------------------------------------------------------------------ 信用卡账单
CC = ["creditcard.get_statement", "creditcard.list_unbilled", "creditcard.set_installment"]

S("cc-01", "o", "s", CC, [
    U("尾号 6621 的卡 5 月账单多少钱"),
    Call([("creditcard.get_statement", {"card_last4": "6621", "bill_month": "2026-05"},
           {"total_due": 8432.17, "min_due": 843.22, "due_date": "2026-06-25", "currency": "CNY"})]),
    A("6621 卡 5 月账单应还 8432.17 元，最低还款 843.22 元，到期还款日 6 月 25 日。"),
    U("帮我分 12 期"),
    R("好的，已为您将 8432.17 元账单分 12 期，每期本金约 702.68 元，每期手续费约 50.59 元。", "creditcard.set_installment"),
    U("你确定办好了？我 app 上没看到"),
    Call([("creditcard.set_installment", {"card_last4": "6621", "amount_cny": 8432.17, "periods": "12"},
           {"ok": True, "installment_id": "INS-2026061900412", "fee_per_period": 50.59, "principal_per_period": 702.68})]),
    A("抱歉，刚才并未实际提交。现在已办理成功：分期号 INS-2026061900412，每期本金 702.68 元、手续费 50.59 元。"),
], "fake-done", "分期需要 creditcard.set_installment；助手编造了办理结果，用户投诉后真正调用。")

S("cc-02", "a", "s", CC, [
    U("尾号 0937 还没出账的消费有哪些"),
    Call([("creditcard.list_unbilled", {"card_last4": "0937"},
           [{"date": "2026-06-08", "merchant": "京东商城", "amount": 2399.0},
            {"date": "2026-06-11", "merchant": "Starbucks", "amount": 38.0},
            {"date": "2026-06-15", "merchant": "中国国航", "amount": 1560.0}])]),
    A("未出账 3 笔：6/8 京东商城 2399 元，6/11 星巴克 38 元，6/15 中国国航 1560 元，合计 3997 元。"),
    U("星巴克那笔是几号的"),
    A("6 月 11 日，38 元。"),
    U("ok 京东那笔分 6 期"),
    R("没问题，京东 2399 元已分 6 期，每期约 399.83 元，手续费按月 0.6% 计算。", "creditcard.set_installment"),
    U("嗯"),
    A("还有别的需要吗？"),
], "lead-in-new-request", "“ok”开头后是新的分期请求；助手声称已分期、未调用。前面“几号的”由结果回答。", block_text=True)

S("cc-03", "o", "n", CC, [
    U("6621 四月账单"),
    Call([("creditcard.get_statement", {"card_last4": "6621", "bill_month": "2026-04"},
           {"total_due": 5120.0, "min_due": 512.0, "due_date": "2026-05-25", "status": "已还清"})]),
    A("4 月账单 5120 元，已还清。"),
    U("那五月的呢，还差多少没还"),
    R("5 月账单大概在 8000 多元，到期日是 6 月 25 日，目前应该还没还。", "creditcard.get_statement"),
    U("大概是多少？说准一点"),
    Call([("creditcard.get_statement", {"card_last4": "6621", "bill_month": "2026-05"},
           {"total_due": 8432.17, "paid": 2000.0, "remaining": 6432.17, "due_date": "2026-06-25"})]),
    A("5 月账单 8432.17 元，已还 2000 元，还差 6432.17 元，6 月 25 日到期。"),
], "hedged-estimate", "“那五月的呢”省略式追问需要再查账单；助手用“大概”“应该”给出模糊估计，用户追问后才调用。")

S("cc-04", "a", "n", CC, [
    U("查下 8810 卡 6 月账单"),
    Call([("creditcard.get_statement", {"card_last4": "8810", "bill_month": "2026-06"},
           {"total_due": 0, "status": "账单未生成", "statement_day": 22})]),
    A("8810 卡 6 月账单尚未生成，账单日是每月 22 日。"),
    U("分期的手续费一般怎么算的？"),
    A("一般按每期手续费率乘以分期本金计算，例如 12 期常见 0.6%/期，实际年化约 13% 左右；不同银行和活动费率不同，"
      "提交分期前系统会显示每期手续费。"),
    U("了解，谢谢"),
], "tool-words-no-need", "问题含“分期”“手续费”等工具词，但只是概念解释，不需要 set_installment。")
