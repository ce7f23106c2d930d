import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { adsQuery, configQuery } from '../system/queries';
import { formatUnix } from '../../../shared/domain/membership';

const PARAM_KEYS = ['system_title', 'system_name', 'system_phone', 'system_icp_number', 'system_announcement', 'upload_authority', 'im_client_params', 'api_docment_url', 'baidu_shangqiao', 'wx_miniprogram_qr', 'wx_open_web_key'];
const AD_CODES = ['LB001', 'LB002', 'LB003', 'LB004', 'LB005', 'LB006', 'LB007', 'LB008', 'LB009', 'LB010', 'GG000', 'GG005', 'GG009', 'JQR001', 'JQR002', 'CJ000'];

/** Operator home: the platform's system parameters and the ads live in every slot. */
export function OperatorHome() {
  const params = useQuery(configQuery(PARAM_KEYS));
  const ads = useQuery(adsQuery(AD_CODES));
  const rows = PARAM_KEYS.map((key) => ({ key, value: params.data?.[key] ?? '' }));
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <section className="card">
        <h3 style={{ marginTop: 0 }}>系统参数</h3>
        <DataTable value={rows} size="small" loading={params.isLoading} stripedRows>
          <Column field="key" header="参数键" style={{ width: '14rem' }} />
          <Column field="value" header="值" body={(r: { value: string }) => r.value || <span className="muted">（未配置）</span>} />
        </DataTable>
      </section>
      <section className="card">
        <h3 style={{ marginTop: 0 }}>广告位（当前有效）</h3>
        <DataTable value={ads.data ?? []} size="small" loading={ads.isLoading} emptyMessage="暂无相关结果" stripedRows>
          <Column field="code" header="广告位" style={{ width: '7rem' }} />
          <Column header="图片" body={(a: { images_url: string }) => <img src={a.images_url} alt="" style={{ height: '2rem' }} />} />
          <Column field="images_width" header="宽度" />
          <Column header="开始" body={(a: { start_date: number }) => formatUnix(a.start_date)} />
          <Column header="结束" body={(a: { end_data: number }) => formatUnix(a.end_data)} />
        </DataTable>
      </section>
    </div>
  );
}
