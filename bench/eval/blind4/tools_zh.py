# ruff: noqa: E501
"""Tool definitions of the Chinese half of blind slice 4 (name -> description and JSON schema).

Property shorthand (see ../blind/engine.py): "string" / "integer" / "number" / "boolean" / "array:string" /
"object"; a trailing "?" marks an optional property; a list is a string enum; a tuple adds a description.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# 高考志愿填报
T("gaokao_score_rank_lookup", "按省份、年份、科类和总分查询一分一段表中的全省位次。",
  province="string", year="integer", track=("string", "物理类/历史类/综合"), score="integer")
T("listCollegeAdmissionLines", "查询某院校在某省近几年的投档线、最低分和最低位次。",
  college="string", province="string", years="array:integer?")
T("zhiyuan.save_draft", "把志愿方案保存到考生的志愿草稿表（不会正式提交）。",
  candidate_no="string", items=("array:string", "按顺序排列的 院校代码-专业组 列表"))
# 医院检验报告
T("lab_report__list", "列出就诊卡名下最近的检验检查报告（血常规、生化、影像等），返回报告号和出报告状态。",
  card_no="string", days="integer?")
T("lab_report__fetch", "按报告号获取检验报告明细：项目、结果、单位、参考区间、异常标记。", report_no="string")
# 体检预约
T("checkup_list_packages", "列出体检中心的套餐、价格和可约日期。", center=("string", "体检中心名称或编号"),
  gender=["男", "女"])
T("checkup_book_slot", "为体检人预约某套餐某天的名额。", package_id="string", date="string", person_name="string",
  id_last4="string")
# 银行理财
T("wealth_product_search", "按风险等级和期限筛选本行在售理财产品，返回产品代码、业绩比较基准、起购金额。",
  risk_level=["R1", "R2", "R3", "R4"], term_days_max="integer?")
T("wealthPurchase", "用活期账户资金申购一只理财产品。", product_code="string", amount_cny="number")
T("getWealthHoldings", "查询客户当前持有的理财产品、份额、市值和到期日。", customer_id="string")
# 信用卡账单
T("creditcard.get_statement", "获取某张信用卡某个账单月的账单：应还金额、最低还款、到期还款日、消费明细。",
  card_last4="string", bill_month=("string", "YYYY-MM"))
T("creditcard.list_unbilled", "列出信用卡尚未出账的交易。", card_last4="string")
T("creditcard.set_installment", "把已出账单或单笔消费办理分期，返回每期手续费。", card_last4="string",
  amount_cny="number", periods=["3", "6", "12", "24"])
# 个税申报
T("iit_query_annual_summary", "查询纳税人某年度综合所得汇算数据：收入、已预缴税额、应退/补税额。", tax_year="integer")
T("iit_add_special_deduction", "新增专项附加扣除信息（子女教育、住房租金、赡养老人等）。",
  category=["子女教育", "继续教育", "住房贷款利息", "住房租金", "赡养老人", "3岁以下婴幼儿照护"],
  detail="object", tax_year="integer")
# 户籍业务
T("hukou__check_materials", "查询某项户籍业务（迁入、迁出、新生儿落户、更正信息等）需要准备的材料清单。",
  business=("string", "业务名称"), district="string?")
T("hukou__book_window", "预约派出所户籍窗口办理时段。", police_station="string", business="string", date="string")
# 护照签注
T("exitentry_progress_query", "用受理回执编号查询出入境证件（护照、港澳通行证、签注）的办理进度。", receipt_no="string")
T("exitentry_book_appointment", "预约出入境接待大厅办证时段。", doc_type=["护照", "港澳通行证", "往来台湾通行证", "签注"],
  hall="string", date="string")
# 公证
T("notary_book", "在线预约公证处办理公证事项（委托书、学历、无犯罪记录等），返回预约号和需携带的材料。",
  office="string", matter="string", date="string")
# 婚姻登记
T("marriage_reg_slots", "查询婚姻登记处某天的可预约时段和剩余号源。", office="string", date="string")
T("marriage_reg_reserve", "预约结婚登记或离婚登记。", office="string", date="string", time_slot="string",
  kind=["结婚登记", "离婚登记", "补领证"])
# 献血
T("blood_donation_sites", "查询城市内献血屋/采血点的位置、营业时间和当天排队情况。", city="string", date="string?")
T("bloodDonationReserve", "预约某献血点的献血时段。", site_id="string", date="string", donation=["全血", "血小板"])
# 疫苗
T("vaccine_stock_check", "查询社区卫生服务中心某种疫苗的到苗数量和可约日期。", vaccine="string", clinic="string")
T("vaccine_appointment_create", "为受种者预约疫苗接种。", vaccine="string", clinic="string", date="string",
  recipient="string", dose_no="integer?")
# 演唱会门票
T("concert_ticket_search", "按艺人和城市查询演出场次、票档和余票。", artist="string", city="string?")
T("concertTicket.lockSeats", "锁定座位并生成待支付订单（15 分钟内支付）。", show_id="string", price_tier="string",
  quantity="integer", viewer_ids="array:string")
T("ticket_order_status", "查询票务订单状态、座位和取票方式。", order_no="string")
# 高速 ETC
T("etc_trip_records", "查询 ETC 卡某月的高速通行记录和扣费。", plate="string", month="string")
T("etc_invoice_apply", "为指定通行记录申请开具通行费电子发票。", plate="string", trip_ids="array:string",
  title="string")
# 车辆年检
T("vehicle_inspection_due", "查询机动车的检验有效期、是否可免检申领标志。", plate="string")
T("inspection_station_book", "预约机动车检测站的上线检测时段。", plate="string", station="string", date="string")
# 空气净化器与加湿器
T("home_air_sensor_read", "读取家里某个房间的空气传感器：PM2.5、甲醛、温度、湿度。", room="string")
T("purifier_set_mode", "设置空气净化器的模式与风量。", device_id="string", mode=["自动", "睡眠", "强力", "关闭"],
  fan_level="integer?")
T("humidifier_set_target", "设置加湿器的目标湿度，或开关加湿器。", device_id="string", target_rh="integer?",
  power=["on", "off"])
# 智能窗帘
T("curtain_set_position", "把某个房间的电动窗帘开到指定百分比（0 关闭，100 全开）。", room="string", percent="integer")
T("curtain_schedule_create", "创建窗帘定时：在指定时间把窗帘开到指定位置，可按星期重复。", room="string",
  time="string", percent="integer", repeat_days="array:string?")
# 养老金
T("pension_account_summary", "查询城镇职工养老保险个人账户：缴费年限、个人账户累计、当前月领取额。", id_no="string")
T("pension_payment_history", "查询养老金按月发放记录。", id_no="string", months="integer?")
# 校园卡与食堂
T("campus_card_balance", "查询校园卡余额、最近消费和挂失状态。", student_id="string")
T("campus_card_topup", "从绑定的银行卡向校园卡充值。", student_id="string", amount_cny="number")
T("campus_card_report_loss", "校园卡挂失或解挂。", student_id="string", action=["挂失", "解挂"])
T("canteen_menu_today", "查询某食堂某餐次今天的菜单、价格和剩余份数。", canteen="string", meal=["早餐", "午餐", "晚餐"])
# 家庭医生
T("family_doctor_list", "列出社区卫生服务中心可签约的家庭医生团队、擅长方向和剩余签约名额。", community="string")
T("family_doctor_sign", "提交家庭医生签约申请。", team_id="string", resident_name="string", id_no="string",
  package=["基础包", "慢病包", "老年人包", "儿童包"])
T("familyDoctorConsultBook", "预约已签约家庭医生的门诊或上门随访。", team_id="string", date="string",
  kind=["门诊", "上门随访", "线上问诊"])
