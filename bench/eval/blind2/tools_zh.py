# ruff: noqa: E501
"""Tool definitions of the Chinese half of blind slice 2 (Chinese city-services apps).

Property shorthand (engine.tool_registry): "string" / "integer" / "number" / "boolean" / "array:string" /
"object"; a trailing "?" marks an optional property; a list is a string enum; a tuple adds a description.
"""

# Hand-written data: the Chinese strings stay on one line each, and the compact layout is kept (ruff format would
# double the length), so long lines are allowed here.
# ruff: noqa: E501
# fmt: off

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# 社保与公积金
T(
    "shebao_query_contribution",
    "查询本人社会保险（养老、医疗、失业、工伤、生育）按月缴费明细，需已实名认证。",
    city=("string", "参保城市，如 杭州"),
    start_month=("string", "起始月份 YYYY-MM"),
    end_month="string?",
    insurance_type=(["all", "pension", "medical", "unemployment"], "险种，默认 all"),
)
T(
    "gjj.get_account",
    "获取住房公积金个人账户信息：余额、月缴存额、缴存状态、最近一次缴存月份。",
    city="string",
)
T(
    "gjj__apply_withdrawal",
    "提交住房公积金提取申请（租房、购房、还贷等），返回受理编号。",
    city="string",
    reason=["rent", "purchase", "loan_repayment", "retirement"],
    amount_yuan="number",
    bank_card_last4="string",
)
# 交通违章与驾照
T(
    "getTrafficViolations",
    "按车牌号查询未处理的交通违法记录（时间、地点、行为、罚款、记分）。",
    plateNo=("string", "车牌号，如 浙A·12345"),
    vehicleType=["small_car", "large_car", "motorcycle"],
)
T(
    "payViolationFine",
    "缴纳一条交通违法的罚款，需要违法记录编号。",
    violationId="string",
    payChannel=["alipay", "wechat", "unionpay"],
)
T("driverLicense_getStatus", "查询驾驶证状态：记分周期、累计记分、有效期、换证提醒。", idCardLast6="string")
# 充电桩
T(
    "charging__find_stations",
    "搜索附近的电动汽车公共充电站，返回空闲枪数、功率、电价与距离。",
    lat="number",
    lng="number",
    radius_km="number?",
    connector=(["DC_fast", "AC_slow"], "充电类型"),
)
T("charging__start_session", "扫码/指定枪号开始充电。", station_id="string", gun_no="string", target_soc="integer?")
T("charging__get_session", "查询当前或指定充电订单的实时状态：已充电量、时长、费用、SOC。", session_id="string?")
# 共享单车
T("bike.nearby", "查找附近可用的共享单车/电单车及停车点。", lat="number", lng="number", kind=["bike", "ebike"])
T("bike.unlock", "扫码或输入车辆编号开锁。", bike_id="string")
T("bike.end_trip", "在规定停车点还车并结束行程，返回费用。", trip_id="string")
# 医保报销
T(
    "medins_claim_status",
    "查询医保报销（异地就医、门诊慢特病、手工报销）申请的审核进度和报销金额。",
    claim_no="string?",
    year="integer?",
)
T(
    "medins_submit_claim",
    "提交医保手工报销申请，需要就诊医院、发票号和金额。",
    hospital="string",
    invoice_nos="array:string",
    total_yuan="number",
    visit_type=["outpatient", "inpatient"],
)
# 电子发票
T(
    "einvoice.issue",
    "为一笔订单开具增值税电子普通发票（个人或企业抬头），发送到邮箱。",
    order_id="string",
    title="string",
    tax_id="string?",
    email="string",
)
T("einvoice.search", "按日期范围、销售方或金额检索已收到的电子发票。", start_date="string", end_date="string", seller="string?")
# 景区门票
T(
    "scenicTicketAvailability",
    "查询景区某日的门票余量和票价（成人、学生、老人）。",
    scenicSpot="string",
    date=("string", "YYYY-MM-DD"),
)
T(
    "scenic_ticket_book",
    "预订景区门票，实名入园，返回订单号和入园二维码链接。",
    scenic_spot="string",
    date="string",
    visitors=("array:string", "游客姓名"),
    ticket_type=["adult", "student", "senior"],
)
# 家政预约
T("housekeeping__list_workers", "按服务类型与日期列出可预约的家政服务人员（评分、时薪）。", service=["cleaning", "deep_cleaning", "babysitting", "elder_care"], date="string")
T(
    "housekeeping__book",
    "预约家政上门服务，返回订单号。",
    worker_id="string",
    date="string",
    start_time="string",
    hours="integer",
    address="string",
)
# 租房
T(
    "rental_search_listings",
    "按区域、预算、户型检索出租房源。",
    district="string",
    max_rent="integer",
    layout=(["studio", "1b1b", "2b1b", "3b2b"], "户型"),
    near_metro="boolean?",
)
T("rental.schedule_viewing", "与房东或中介预约看房时间。", listing_id="string", datetime="string", phone="string")
# 考试报名与成绩
T(
    "exam_registration_submit",
    "提交考试报名（四六级、计算机等级、普通话、教师资格等），返回报名号和缴费链接。",
    exam="string",
    session="string",
    site_code="string?",
)
T("getExamScore", "按准考证号和姓名查询考试成绩。", ticketNo="string", name="string", exam="string")
# 图书馆借阅
T("library.list_loans", "列出读者当前借阅的图书、到期日与逾期费。", reader_id="string")
T("library.renew_loan", "续借一本在借图书（每本最多续借一次，延长30天）。", reader_id="string", barcode="string")
T("library_search_catalog", "检索馆藏目录：书名、作者、索书号、各分馆可借册数。", query="string", branch="string?")
# 宠物医院
T(
    "pet_clinic_book",
    "预约宠物医院门诊（疫苗、驱虫、体检、绝育咨询等）。",
    clinic_id="string",
    pet_name="string",
    service="string",
    datetime="string",
)
T("petclinic__vaccine_records", "查询宠物的疫苗与驱虫记录及下次应接种时间。", pet_id="string")
# 物业报修
T(
    "property_repair_create",
    "向小区物业提交报修工单（水电、门窗、公共区域等）。",
    unit=("string", "楼栋-单元-房号"),
    category=["plumbing", "electrical", "door_window", "elevator", "public_area", "other"],
    description="string",
    preferred_time="string?",
)
T("property_repair_status", "查询物业报修工单的处理进度与维修师傅信息。", ticket_id="string")
# 水电燃气
T("meter.read", "读取智能表当前读数（电 kWh、水 m³、燃气 m³）和本月用量。", account_no="string", meter=["electricity", "water", "gas"])
T("utilityBill_history", "查询水电燃气账单历史（月份、用量、金额、是否已缴）。", accountNo="string", months="integer?")
# 公交实时到站
T("bus_realtime_arrival", "查询某公交线路在某站的实时到站信息（还有几站、预计几分钟）。", line="string", stop="string", direction="string?")
T("busRouteLookup", "查询公交线路的首末班时间、票价和全部站点。", line="string", city="string")
# 电影票
T("movie__showtimes", "查询影院某天某部影片的场次、影厅与票价。", cinema_id="string", date="string", film="string?")
T("movie__lock_seats", "锁定座位并生成待支付订单（15分钟内有效）。", showtime_id="string", seats="array:string")
# KTV
T("ktvRoomAvailability", "查询 KTV 门店某时段各包厢类型的空闲情况与价格。", storeId="string", date="string", startTime="string", hours="integer")
T("ktv_room_reserve", "预订 KTV 包厢，返回预订号。", store_id="string", room_type=["mini", "small", "medium", "large"], date="string", start_time="string", hours="integer", phone="string")
# 健身房课程
T("gym.list_classes", "列出健身房门店某天的团课（瑜伽、动感单车、普拉提等）、教练和剩余名额。", store="string", date="string")
T("gym.book_class", "预约一节团课，占用一个名额。", class_id="string", member_id="string")
T("gym.cancel_booking", "取消团课预约（开课前2小时以上可免费取消）。", booking_id="string")
# 驾校约车
T("driving_school_slots", "查询驾校教练车可约的练车时段（科目二/科目三）。", subject=["subject2", "subject3"], date="string", coach_id="string?")
T("drivingSchool.bookPractice", "预约一个练车时段，扣除学时。", slotId="string", studentId="string")
# 政务办事预约
T("gov_appointment_query_slots", "查询政务服务中心某业务可预约的时段（户籍、出入境、不动产、社保卡等）。", center="string", business="string", date="string")
T("gov_appointment_create", "预约政务服务中心窗口办理时段，返回预约码。", slot_id="string", name="string", id_card="string", phone="string")
